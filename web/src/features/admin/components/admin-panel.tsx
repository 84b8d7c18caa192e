import { Box, type BoxProps } from '@chakra-ui/react';

/** A white bordered panel holding a page's filters and table. */
export function AdminPanel(props: BoxProps) {
  return <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" shadow="xs" overflow="hidden" {...props} />;
}
