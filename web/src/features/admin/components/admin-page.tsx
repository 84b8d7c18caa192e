import { Box, type BoxProps } from '@chakra-ui/react';

/** The content column of an admin page. */
export function AdminPage(props: BoxProps) {
  return <Box maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} {...props} />;
}
