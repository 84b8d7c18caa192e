import { Text } from '@chakra-ui/react';
import { useState } from 'react';
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
  // Each opening starts empty. Reset while rendering, not in an effect: an effect ran after the dialog was
  // on screen, so a submit made before it (a busy machine) had its "Please enter a folder name" wiped.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setName('');
      setError(null);
    }
  }

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
