import { Box } from '@chakra-ui/react';

export function ColorDot({ color, size = '2.5' }: { color: string; size?: string }) {
  return <Box as="span" display="inline-block" boxSize={size} rounded="full" bg={color} flexShrink={0} aria-hidden="true" />;
}
