import { Box, Button, HStack, Spinner, Stack, Tag, Text } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFileSearch, type PickableFile } from '../api/file-search';
import { SearchInput } from '../../../components/search-input';

/**
 * Attach data-room files: search the files the caller sees and pick them. Only links are kept (the API
 * refuses a file the attacher may not see).
 */
export function FileAttachPicker({
  dealId,
  picked,
  onChange,
}: {
  dealId: string;
  picked: PickableFile[];
  onChange: (files: PickableFile[]) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const found = useFileSearch(dealId, q);
  const pickedIds = new Set(picked.map((f) => f.id));
  return (
    <Stack gap="2">
      {picked.length > 0 && (
        <HStack gap="1.5" wrap="wrap" data-testid="picked-files">
          {picked.map((file) => (
            <Tag.Root key={file.id} size="md">
              <Tag.Label>{file.name}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(picked.filter((f) => f.id !== file.id))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </HStack>
      )}
      <SearchInput
        iconSize={14}
        clearable
        clearLabel="Clear file search"
        size="sm"
        placeholder="Attach data-room files: search by name"
        label="Search files to attach"
        value={search}
        onChange={setSearch}
      />
      {q && (
        <Box borderWidth="1px" rounded="md" maxH="40" overflowY="auto">
          {found.isPending ? (
            <HStack p="2" justify="center">
              <Spinner size="sm" />
            </HStack>
          ) : (found.data ?? []).length === 0 ? (
            <Text p="2" textStyle="sm" color="fg.muted">
              No files match.
            </Text>
          ) : (
            (found.data ?? []).slice(0, 20).map((file) => (
              <Button
                key={file.id}
                variant="ghost"
                size="sm"
                w="full"
                justifyContent="flex-start"
                disabled={pickedIds.has(file.id)}
                onClick={() => onChange([...picked, { id: file.id, name: file.name }])}
              >
                <Paperclip /> {file.name}
              </Button>
            ))
          )}
        </Box>
      )}
    </Stack>
  );
}
