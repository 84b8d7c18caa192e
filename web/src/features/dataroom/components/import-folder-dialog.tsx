import { Box, Button, Center, HStack, Stack, Text, VStack } from '@chakra-ui/react';
import { FolderInput, FolderTree } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { formatMegabytes } from '../../../lib/format';
import { pathSegments } from '../../../lib/file-urls';
import { isSystemFile } from '../../../lib/system-files';
import { planImport, relativePathOf } from '../upload/plan';

/** Import Folder: pick a directory (webkitdirectory); its tree is recreated here and every file uploaded. */
export function ImportFolderDialog({
  open,
  path,
  onClose,
  onImport,
}: {
  open: boolean;
  path: string;
  onClose: () => void;
  onImport: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const [files, setFiles] = useState<File[]>([]);

  useEffect(() => {
    if (open) setFiles([]);
  }, [open]);

  const plan = useMemo(() => planImport(files, '/'), [files]);
  const skipped = files.filter((file) => isSystemFile(file.name)).length;
  const bytes = plan.files.reduce((sum, item) => sum + item.file.size, 0);
  const top = files.length > 0 ? pathSegments(relativePathOf(files[0]))[0] : undefined;

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Import Folder"
      description={
        <>
          A folder from your computer is recreated in{' '}
          <Text as="span" fontWeight="medium" color="fg">
            {path === '/' ? 'Data Room' : path}
          </Text>{' '}
          with all of its subfolders and files.
        </>
      }
      size="lg"
      actionLabel={
        <>
          <FolderInput /> Import
        </>
      }
      onAction={() => onImport(files)}
      actionDisabled={plan.files.length === 0}
    >
      <input
        ref={(element) => {
          input.current = element;
          element?.setAttribute('webkitdirectory', '');
          element?.setAttribute('directory', '');
        }}
        type="file"
        multiple
        hidden
        aria-label="Choose a folder"
        data-testid="import-folder-input"
        onChange={(event) => {
          setFiles(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <Stack gap="4">
        <Center borderWidth="2px" borderStyle="dashed" borderColor="border" bg="bg.subtle" rounded="lg" py="7" px="4">
          <VStack gap="3" textAlign="center">
            <Center boxSize="10" rounded="full" bg="brand.muted" color="brand.fg">
              <FolderTree size={20} />
            </Center>
            <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
              {files.length > 0 ? 'Choose Another Folder' : 'Choose Folder'}
            </Button>
            <Text textStyle="xs" color="fg.muted">
              System files (.DS_Store, Thumbs.db) are left out.
            </Text>
          </VStack>
        </Center>
        {files.length > 0 && (
          <Box borderWidth="1px" borderColor="border" rounded="md" px="4" py="3" data-testid="import-summary">
            <HStack justify="space-between" gap="4">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {top ?? 'Folder'}
              </Text>
              <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
                {formatMegabytes(bytes)}
              </Text>
            </HStack>
            <Text textStyle="sm" color="fg.muted" mt="1">
              {plan.files.length} file{plan.files.length === 1 ? '' : 's'} in {plan.folders.length} folder
              {plan.folders.length === 1 ? '' : 's'}
              {skipped > 0 ? ` · ${skipped} system file${skipped === 1 ? '' : 's'} skipped` : ''}
            </Text>
          </Box>
        )}
      </Stack>
    </ActionDialog>
  );
}
