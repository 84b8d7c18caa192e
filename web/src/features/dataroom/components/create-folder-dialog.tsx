import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { FormField } from '../../../components/form-field';

export const FOLDER_NAME_REQUIRED = 'Please enter a folder name';

/** docs/product.md §5: a folder name is required. */
export function validateFolderName(name: string): string | null {
  return name.trim() ? null : FOLDER_NAME_REQUIRED;
}

export function CreateFolderDialog({
  open,
  path,
  loading,
  onClose,
  onCreate,
}: {
  open: boolean;
  path: string;
  loading: boolean;
  onClose: () => void;
  onCreate: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName('');
      setError(null);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateFolderName(name);
    setError(invalid);
    if (!invalid) onCreate(name.trim());
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create New Folder"
      description={
        <>
          The folder is created in{' '}
          <Text as="span" fontWeight="medium" color="fg">
            {path === '/' ? 'Data Room' : path}
          </Text>
          .
        </>
      }
      size="md"
      preventClose={loading}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4" pb="2">
          <FormField label="Folder name" required error={error}>
            <Input
              name="folder-name"
              value={name}
              autoFocus
              placeholder="e.g. Financial Statements"
              maxLength={255}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          <Stack direction="row" justify="flex-end" gap="2" pt="2">
            <Button variant="outline" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={loading}>
              Create Folder
            </Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}
