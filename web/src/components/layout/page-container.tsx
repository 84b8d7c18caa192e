import { Box, type BoxProps } from '@chakra-ui/react';

export function PageContainer(props: BoxProps) {
  return <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '8' }} {...props} />;
}
