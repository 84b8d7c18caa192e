import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { ConflictChoice } from './machine';

/** One choice for every name conflict of a batch (shown when there is more than one). */
export function ResolveAllBar({
  conflicts,
  onResolveAll,
}: {
  conflicts: number;
  onResolveAll: (choice: ConflictChoice) => void;
}) {
  return (
    <Box bg="orange.subtle" rounded="md" px="3" py="2.5">
      <Text textStyle="sm" color="orange.fg" fontWeight="medium">
        {conflicts} files have names already taken in their folders. For all of them:
      </Text>
      <HStack gap="1.5" mt="2" wrap="wrap">
        <Button size="2xs" colorPalette="brand" onClick={() => onResolveAll('version')}>
          Upload as new versions
        </Button>
        <Button size="2xs" variant="outline" bg="bg" onClick={() => onResolveAll('keep_both')}>
          Keep both
        </Button>
        <Button size="2xs" variant="ghost" onClick={() => onResolveAll('skip')}>
          Skip all
        </Button>
      </HStack>
    </Box>
  );
}
