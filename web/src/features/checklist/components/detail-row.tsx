import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One labelled value of the item's Details card. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
        {label}
      </Text>
      <Box textStyle="sm">{children}</Box>
    </Box>
  );
}
