import { Box, Button, Checkbox, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChevronRight, Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatMegabytes } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFileSearch } from '../api/file-search';
import { useFolderFiles } from '../api/folder-files';
import type { DealFile } from '../types';
import { SearchInput } from '../../../components/search-input';

function pathCrumbs(path: string): { name: string; path: string }[] {
  const crumbs = [{ name: 'Data Room', path: '/' }];
  let acc = '';
  for (const segment of path.split('/').filter(Boolean)) {
    acc += `/${segment}`;
    crumbs.push({ name: segment, path: acc });
  }
  return crumbs;
}

const sizeOf = (file: DealFile) => file.size_bytes ?? null;

/**
 * Update Item's picker of the deal's files: browse the data room folder by folder, or search it; each
 * file is a checkbox. Back at the root with no search whenever the dialog opens (or its item changes).
 */
export function DataRoomFilePicker({
  dealId,
  open,
  resetKey,
  selected,
  onToggle,
}: {
  dealId: string;
  open: boolean;
  resetKey: unknown;
  selected: ReadonlyMap<string, string>;
  onToggle: (file: DealFile, on: boolean) => void;
}) {
  const [path, setPath] = useState('/');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);

  useEffect(() => {
    if (!open) return;
    setPath('/');
    setSearch('');
  }, [open, resetKey]);

  const listing = useFolderFiles(dealId, path, open && !query);
  const found = useFileSearch(dealId, query, open);

  const searching = Boolean(query);
  const files = searching ? (found.data ?? []) : (listing.data?.files ?? []);
  const folders = searching ? [] : (listing.data?.folders ?? []);
  const loading = searching ? found.isPending : listing.isPending;
  const failed = searching ? found.isError : listing.isError;

  return (
    <Box>
      <Text textStyle="sm" fontWeight="medium" mb="2">
        Add files from the data room
      </Text>
      <SearchInput clearable placeholder="Search files by name or tag" label="Search files" value={search} onChange={setSearch} />
      {!searching && (
        <HStack gap="1" mt="2" textStyle="xs" color="fg.muted" wrap="wrap">
          {pathCrumbs(path).map((crumb, index, all) => (
            <HStack key={crumb.path} gap="1">
              {index > 0 && <ChevronRight size={12} />}
              {index === all.length - 1 ? (
                <Text fontWeight="medium" color="fg">
                  {crumb.name}
                </Text>
              ) : (
                <Button variant="plain" size="2xs" px="0" h="auto" color="brand.fg" onClick={() => setPath(crumb.path)}>
                  {crumb.name}
                </Button>
              )}
            </HStack>
          ))}
        </HStack>
      )}
      <Box mt="2" borderWidth="1px" borderColor="border" rounded="md" maxH="64" overflowY="auto">
        {loading ? (
          <HStack justify="center" py="6" color="fg.muted" textStyle="sm">
            <Spinner size="sm" /> <Text>Loading files...</Text>
          </HStack>
        ) : failed ? (
          <Text textStyle="sm" color="fg.error" px="3" py="4">
            Failed to load files
          </Text>
        ) : folders.length + files.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" px="3" py="4">
            {searching ? 'No files match your search.' : 'This folder has no files.'}
          </Text>
        ) : (
          <Stack gap="0" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
            {folders.map((folder) => (
              <HStack
                key={folder.id}
                as="button"
                px="3"
                py="2"
                gap="2.5"
                textStyle="sm"
                textAlign="left"
                _hover={{ bg: 'bg.muted' }}
                onClick={() => setPath(folder.full_path)}
              >
                <Box color="brand.solid">
                  <Folder size={16} />
                </Box>
                <Text flex="1" truncate>
                  {folder.name}
                </Text>
                <ChevronRight size={14} />
              </HStack>
            ))}
            {files.map((file) => (
              <Checkbox.Root
                key={file.id}
                checked={selected.has(file.id)}
                onCheckedChange={(details) => onToggle(file, details.checked === true)}
                colorPalette="brand"
                size="sm"
                px="3"
                py="2"
                w="full"
                _hover={{ bg: 'bg.muted' }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label flex="1" minW="0" fontWeight="normal">
                  <HStack gap="2" justify="space-between">
                    <Text truncate title={file.name}>
                      {file.name}
                    </Text>
                    <Text color="fg.muted" textStyle="xs" flexShrink={0}>
                      {searching && file.path && file.path !== '/' ? `${file.path} · ` : ''}
                      {formatMegabytes(sizeOf(file))}
                    </Text>
                  </HStack>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
