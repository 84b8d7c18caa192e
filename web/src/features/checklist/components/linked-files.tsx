import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { FileText, X } from 'lucide-react';

/** The files Update Item links to the item (id → name), each with its Unlink button. */
export function LinkedFiles({
  selected,
  onUnlink,
}: {
  selected: ReadonlyMap<string, string>;
  onUnlink: (id: string, name: string) => void;
}) {
  return (
    <Box>
      <Text textStyle="sm" fontWeight="medium" mb="2">
        Linked files ({selected.size})
      </Text>
      {selected.size === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No files linked yet. Pick files from the data room below.
        </Text>
      ) : (
        <Stack gap="1" maxH="36" overflowY="auto" data-testid="linked-files">
          {[...selected.entries()].map(([id, name]) => (
            <HStack key={id} gap="2" px="2.5" py="1" rounded="md" bg="bg.muted" textStyle="sm">
              <FileText size={14} />
              <Text flex="1" truncate title={name}>
                {name}
              </Text>
              <IconButton aria-label={`Unlink ${name}`} size="2xs" variant="ghost" onClick={() => onUnlink(id, name)}>
                <X />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
