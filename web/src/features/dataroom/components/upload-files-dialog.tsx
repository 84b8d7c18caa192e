import { Box, Center, HStack, IconButton, Stack, Text, VStack } from '@chakra-ui/react';
import { UploadCloud, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ActionDialog } from '../../../components/action-dialog';
import { FileIcon } from '../../../components/file-icon';
import { fileExtensionOf } from '../../../lib/file-display';
import { formatMegabytes } from '../../../lib/format';
import { withoutSystemFiles } from '../../../lib/system-files';

export const NO_FILES_SELECTED = 'No files selected';

function sameFile(a: File, b: File) {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** Upload Files: a picker with the chosen files and their sizes (MB, 2 decimals). */
export function UploadFilesDialog({
  open,
  path,
  onClose,
  onUpload,
}: {
  open: boolean;
  path: string;
  onClose: () => void;
  onUpload: (files: File[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setFiles([]);
      setError(null);
    }
  }, [open]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    onDrop: (accepted) => {
      const picked = withoutSystemFiles(accepted);
      setFiles((current) => [...current, ...picked.filter((file) => !current.some((c) => sameFile(c, file)))]);
      if (picked.length) setError(null);
    },
  });

  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);

  const submit = () => {
    if (files.length === 0) {
      setError(NO_FILES_SELECTED);
      return;
    }
    onUpload(files);
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Upload Files"
      description={
        <>
          Files are added to{' '}
          <Text as="span" fontWeight="medium" color="fg">
            {path === '/' ? 'Data Room' : path}
          </Text>
          .
        </>
      }
      size="xl"
      actionLabel={
        <>
          <UploadCloud /> {files.length > 0 ? `Upload ${files.length} file${files.length === 1 ? '' : 's'}` : 'Upload'}
        </>
      }
      onAction={submit}
      actionDisabled={files.length === 0}
    >
      <Stack gap="4">
        <Center
          {...getRootProps()}
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={isDragActive ? 'brand.solid' : error ? 'border.error' : 'border'}
          bg={isDragActive ? 'brand.subtle' : 'bg.subtle'}
          rounded="lg"
          py="8"
          px="4"
          cursor="pointer"
          transition="all 0.15s"
          _hover={{ borderColor: 'brand.solid' }}
          data-testid="upload-picker"
        >
          <input {...getInputProps()} aria-label="Choose files" />
          <VStack gap="2" textAlign="center">
            <Center boxSize="10" rounded="full" bg="brand.muted" color="brand.fg">
              <UploadCloud size={20} />
            </Center>
            <Text fontWeight="medium" textStyle="sm">
              {isDragActive ? 'Drop the files here' : 'Click to choose files or drag them here'}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              Any file type. Several files at once.
            </Text>
          </VStack>
        </Center>
        {error && (
          <Text textStyle="sm" color="fg.error" role="alert">
            {error}
          </Text>
        )}
        {files.length > 0 && (
          <Box>
            <HStack justify="space-between" mb="2">
              <Text textStyle="sm" fontWeight="medium">
                {files.length} file{files.length === 1 ? '' : 's'} selected
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {formatMegabytes(totalBytes)}
              </Text>
            </HStack>
            <Stack
              as="ul"
              gap="0"
              maxH="64"
              overflowY="auto"
              borderWidth="1px"
              borderColor="border"
              rounded="md"
              data-testid="upload-file-list"
            >
              {files.map((file, index) => (
                <HStack
                  as="li"
                  key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                  px="3"
                  py="2"
                  gap="3"
                  borderBottomWidth={index === files.length - 1 ? '0' : '1px'}
                  borderColor="border.muted"
                >
                  <FileIcon extension={fileExtensionOf(file)} size="sm" />
                  <Text textStyle="sm" flex="1" truncate title={file.name}>
                    {file.name}
                  </Text>
                  <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
                    {formatMegabytes(file.size)}
                  </Text>
                  <IconButton
                    aria-label={`Remove ${file.name}`}
                    size="2xs"
                    variant="ghost"
                    onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                  >
                    <X />
                  </IconButton>
                </HStack>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </ActionDialog>
  );
}
