import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Field,
  HStack,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ChevronRight, FileText, Folder, Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../../../components/modal';
import { formatMegabytes } from '../../../lib/format';
import { useFileSearch, useFolderFiles } from '../api/checklist-reads';
import { useSaveItemStatusAndFiles } from '../api/checklist-changes';
import { ITEM_STATUSES, STATUS_LABELS } from '../logic';
import type { ChecklistItem, DealFile, ItemStatus } from '../types';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ItemUploadPanel } from './item-upload-panel';

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

interface UpdateItemProps {
  open: boolean;
  onClose: () => void;
  dealId: string;
  item: ChecklistItem | null;
  canEditStatus: boolean;
  /** The API's can_link_files: the picker of the deal's files (who may upload and see them, or edit the checklist). */
  canLinkFiles: boolean;
  onSaved: (item: ChecklistItem) => void;
  /** A file was uploaded into the item (the upload-only Update). */
  onUploaded: () => void;
}

/**
 * Update Item. For who may link files: the item's status and which files of the deal answer it (PUT
 * checklist/{id}); the status changes only with the right to edit the checklist. For upload_only, who
 * sees no file to link: only the upload into the item, no status and no picker (decision 35).
 */
export function UpdateItemDialog({ canLinkFiles, onUploaded, ...props }: UpdateItemProps) {
  return canLinkFiles ? <StatusAndFilesDialog {...props} /> : <UploadIntoItemDialog {...props} onUploaded={onUploaded} />;
}

function UploadIntoItemDialog({
  open,
  onClose,
  dealId,
  item,
  onUploaded,
}: Pick<UpdateItemProps, 'open' | 'onClose' | 'dealId' | 'item' | 'onUploaded'>) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      preventClose={busy}
      title="Update Item"
      description={item ? `${item.item_id ? `${item.item_id} · ` : ''}${item.name}` : undefined}
      footer={
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Close
        </Button>
      }
    >
      {item && <ItemUploadPanel dealId={dealId} itemId={item.id} onUploaded={onUploaded} onBusyChange={setBusy} />}
    </Modal>
  );
}

function StatusAndFilesDialog({
  open,
  onClose,
  dealId,
  item,
  canEditStatus,
  onSaved,
}: Omit<UpdateItemProps, 'canLinkFiles' | 'onUploaded'>) {
  const [status, setStatus] = useState<ItemStatus>('in_progress');
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [path, setPath] = useState('/');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);

  useEffect(() => {
    if (!open || !item) return;
    setStatus(item.status);
    const names = new Map<string, string>();
    for (const file of item.connected_files ?? []) names.set(file.file_id, file.name);
    for (const id of item.files ?? []) if (!names.has(id)) names.set(id, 'File');
    setSelected(names);
    setPath('/');
    setSearch('');
  }, [open, item]);

  const listing = useFolderFiles(dealId, path, open && !query);
  const found = useFileSearch(dealId, query, open);

  const initialIds = useMemo(() => new Set(item?.files ?? []), [item]);
  const filesChanged = selected.size !== initialIds.size || [...selected.keys()].some((id) => !initialIds.has(id));
  const statusChanged = item ? status !== item.status : false;

  const save = useSaveItemStatusAndFiles(dealId, item?.id, (fresh) => {
    onSaved(fresh);
    onClose();
  });

  const toggle = (file: DealFile, on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(file.id, file.name);
      else next.delete(file.id);
      return next;
    });
  };

  const searching = Boolean(query);
  const files = searching ? (found.data ?? []) : (listing.data?.files ?? []);
  const folders = searching ? [] : (listing.data?.folders ?? []);
  const loading = searching ? found.isPending : listing.isPending;
  const failed = searching ? found.isError : listing.isError;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="2xl"
      preventClose={save.isPending}
      title="Update Item"
      description={item ? `${item.item_id ? `${item.item_id} · ` : ''}${item.name}` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => save.mutate({ status, ...(filesChanged ? { files: [...selected.keys()] } : {}) })}
            loading={save.isPending}
            disabled={!item || (!filesChanged && !statusChanged)}
          >
            Save
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <Field.Root disabled={!canEditStatus}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root maxW="60" disabled={!canEditStatus}>
            <NativeSelect.Field
              aria-label="Status"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as ItemStatus)}
            >
              {ITEM_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {!canEditStatus && <Field.HelperText>Only members who may edit the checklist change its status.</Field.HelperText>}
        </Field.Root>

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
                  <IconButton
                    aria-label={`Unlink ${name}`}
                    size="2xs"
                    variant="ghost"
                    onClick={() => toggle({ id, name }, false)}
                  >
                    <X />
                  </IconButton>
                </HStack>
              ))}
            </Stack>
          )}
        </Box>

        <Box>
          <Text textStyle="sm" fontWeight="medium" mb="2">
            Add files from the data room
          </Text>
          <InputGroup
            startElement={<Search size={16} />}
            endElement={
              search ? <CloseButton size="2xs" aria-label="Clear search" onClick={() => setSearch('')} me="-2" /> : undefined
            }
          >
            <Input
              placeholder="Search files by name or tag"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-label="Search files"
            />
          </InputGroup>
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
                    onCheckedChange={(details) => toggle(file, details.checked === true)}
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
      </Stack>
    </Modal>
  );
}
