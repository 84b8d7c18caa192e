import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { AlertCircle, CheckCircle2, UploadCloud, X } from 'lucide-react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ApiError, errorDetail, isAbortError } from '../../../lib/api/client';
import { formatMegabytes } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { isSystemFile } from '../../../lib/system-files';
import { useItemUploaded } from '../api/item-uploaded';
import { uploadIntoItem, uploadPercent, type UploadEntry } from '../upload';

export interface ItemUploadHandle {
  /** Opens the browser's file dialog. */
  browse: () => void;
}

let nextKey = 0;

/**
 * Upload into a checklist item: drop or pick files; each goes through the two-step upload into the root
 * folder with the item linked. Shows progress and errors per file; a name clash offers Keep both.
 */
export const ItemUploadPanel = forwardRef<
  ItemUploadHandle,
  { dealId: string; itemId: string; onBusyChange?: (busy: boolean) => void }
>(function ItemUploadPanel({ dealId, itemId, onBusyChange }, ref) {
  // An upload's completion refreshes through a declared mutation (api/item-uploaded.ts), not by hand.
  const { mutate: markUploaded } = useItemUploaded(dealId);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const busy = entries.some((entry) => entry.state === 'uploading' || entry.state === 'queued');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const patch = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const run = useCallback(
    async (entry: UploadEntry, keepBoth = false) => {
      const controller = new AbortController();
      controllers.current.set(entry.key, controller);
      patch(entry.key, { state: 'uploading', loaded: 0, error: undefined, keepBoth });
      try {
        const result = await uploadIntoItem(dealId, itemId, entry.file, {
          keepBoth,
          signal: controller.signal,
          onProgress: (loaded) => patch(entry.key, { loaded }),
        });
        patch(entry.key, { state: 'done', loaded: entry.file.size, savedAs: result.savedAs });
        markUploaded();
      } catch (error) {
        if (isAbortError(error)) {
          setEntries((list) => list.filter((e) => e.key !== entry.key));
          return;
        }
        if (error instanceof ApiError && error.status === 409 && !keepBoth) {
          patch(entry.key, { state: 'conflict', error: errorDetail(error, `A file named "${entry.file.name}" already exists`) });
          return;
        }
        patch(entry.key, {
          state: 'failed',
          error: errorDetail(error, error instanceof Error ? error.message : 'Upload failed'),
        });
        notify.error('Failed to upload files', errorDetail(error, '') || undefined);
      } finally {
        controllers.current.delete(entry.key);
      }
    },
    [dealId, itemId, markUploaded, patch],
  );

  const onDrop = useCallback(
    (accepted: File[]) => {
      const files = accepted.filter((file) => !isSystemFile(file.name));
      const added = files.map<UploadEntry>((file) => ({ key: `u${++nextKey}`, file, loaded: 0, state: 'queued' }));
      setEntries((list) => [...list.filter((e) => e.state !== 'done'), ...added]);
      // One at a time keeps the progress readable and the store's load even.
      void (async () => {
        for (const entry of added) await run(entry);
      })();
    },
    [run],
  );

  const dropzone = useDropzone({ onDrop, multiple: true, noClick: true, noKeyboard: true });
  useImperativeHandle(ref, () => ({ browse: dropzone.open }), [dropzone.open]);

  const dismiss = (key: string) => setEntries((list) => list.filter((e) => e.key !== key));

  return (
    <Stack gap="3">
      <Box
        {...dropzone.getRootProps()}
        borderWidth="1.5px"
        borderStyle="dashed"
        borderColor={dropzone.isDragActive ? 'brand.solid' : 'border.emphasized'}
        bg={dropzone.isDragActive ? 'brand.subtle' : 'bg.subtle'}
        rounded="md"
        px="4"
        py="5"
        textAlign="center"
        transition="background 0.15s, border-color 0.15s"
        data-testid="item-dropzone"
      >
        <input {...dropzone.getInputProps()} aria-label="Choose files to upload" />
        <Stack align="center" gap="1.5">
          <Box color={dropzone.isDragActive ? 'brand.solid' : 'fg.subtle'}>
            <UploadCloud size={22} />
          </Box>
          <Text textStyle="sm">
            {dropzone.isDragActive ? 'Drop to upload into this item' : 'Drag files here, or '}
            {!dropzone.isDragActive && (
              <Button variant="plain" size="sm" px="0" h="auto" color="brand.fg" fontWeight="semibold" onClick={dropzone.open}>
                browse
              </Button>
            )}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Files go to the data room root and are linked to this item.
          </Text>
        </Stack>
      </Box>

      {entries.length > 0 && (
        <Stack gap="2" data-testid="upload-list">
          {entries.map((entry) => {
            const percent = uploadPercent(entry);
            return (
              <Box key={entry.key} borderWidth="1px" borderColor="border" rounded="md" px="3" py="2" bg="bg">
                <HStack gap="2" justify="space-between">
                  <HStack gap="2" minW="0">
                    {entry.state === 'done' && (
                      <Box color="green.fg" flexShrink={0}>
                        <CheckCircle2 size={16} />
                      </Box>
                    )}
                    {(entry.state === 'failed' || entry.state === 'conflict') && (
                      <Box color={entry.state === 'failed' ? 'fg.error' : 'orange.fg'} flexShrink={0}>
                        <AlertCircle size={16} />
                      </Box>
                    )}
                    <Text textStyle="sm" fontWeight="medium" truncate title={entry.savedAs ?? entry.file.name}>
                      {entry.savedAs ?? entry.file.name}
                    </Text>
                  </HStack>
                  <HStack gap="2" flexShrink={0}>
                    <Text textStyle="xs" color="fg.muted">
                      {entry.state === 'uploading'
                        ? `${percent}%`
                        : entry.state === 'queued'
                          ? 'Waiting'
                          : entry.state === 'done'
                            ? 'Uploaded'
                            : formatMegabytes(entry.file.size)}
                    </Text>
                    {entry.state === 'uploading' ? (
                      <Button size="2xs" variant="ghost" onClick={() => controllers.current.get(entry.key)?.abort()}>
                        Cancel
                      </Button>
                    ) : entry.state !== 'queued' ? (
                      <Button
                        size="2xs"
                        variant="ghost"
                        aria-label={`Dismiss ${entry.file.name}`}
                        onClick={() => dismiss(entry.key)}
                        px="1"
                      >
                        <X />
                      </Button>
                    ) : null}
                  </HStack>
                </HStack>
                {(entry.state === 'uploading' || entry.state === 'queued') && (
                  <Progress.Root
                    value={percent}
                    size="xs"
                    colorPalette="brand"
                    mt="2"
                    aria-label={`Uploading ${entry.file.name}`}
                  >
                    <Progress.Track borderRadius="full">
                      <Progress.Range borderRadius="full" />
                    </Progress.Track>
                  </Progress.Root>
                )}
                {entry.state === 'conflict' && (
                  <HStack mt="2" gap="2" justify="space-between" wrap="wrap">
                    <Text textStyle="xs" color="fg.muted">
                      {entry.error}
                    </Text>
                    <HStack gap="2">
                      <Button size="2xs" variant="outline" onClick={() => dismiss(entry.key)}>
                        Skip
                      </Button>
                      <Button size="2xs" colorPalette="brand" onClick={() => void run(entry, true)}>
                        Keep both
                      </Button>
                    </HStack>
                  </HStack>
                )}
                {entry.state === 'failed' && (
                  <HStack mt="2" gap="2" justify="space-between" wrap="wrap">
                    <Text textStyle="xs" color="fg.error">
                      {entry.error}
                    </Text>
                    <Button size="2xs" variant="outline" onClick={() => void run(entry, Boolean(entry.keepBoth))}>
                      Try Again
                    </Button>
                  </HStack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
});
