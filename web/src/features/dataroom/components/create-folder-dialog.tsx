import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldError } from '../../../lib/use-field-errors';
import { TextField } from '../../../components/text-field';

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
  const { error, setError, edit } = useFieldError();

  useEffect(() => {
    if (open) {
      setName('');
      setError(null);
    }
  }, [open, setError]);

  const submit = () => {
    const invalid = validateFolderName(name);
    setError(invalid);
    if (!invalid) onCreate(name.trim());
  };

  return (
    <FormDialog
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
      busy={loading}
      onSubmit={submit}
      submitLabel="Create Folder"
    >
      <TextField
        label="Folder name"
        required
        error={error}
        name="folder-name"
        value={name}
        autoFocus
        placeholder="e.g. Financial Statements"
        maxLength={255}
        onChange={edit(setName)}
      />
    </FormDialog>
  );
}
