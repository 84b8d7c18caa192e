import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSaveCategory } from '../api/save-category';
import { CATEGORY_CODE_MAX, hasErrors, validateCategory, type CategoryErrors } from '../logic';
import type { ChecklistCategory } from '../types';

/** Add Category / Edit Category: name required, code optional (at most 3 characters). */
export function CategoryFormDialog({
  open,
  onClose,
  dealId,
  category,
}: {
  open: boolean;
  onClose: () => void;
  dealId: string;
  category?: ChecklistCategory | null;
}) {
  const editing = Boolean(category);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const { errors, setErrors, edit } = useFieldErrors<CategoryErrors>();

  useEffect(() => {
    if (!open) return;
    setName(category?.name ?? '');
    setCode(category?.code ?? '');
    setErrors({});
  }, [open, category, setErrors]);

  const save = useSaveCategory(dealId, category, onClose);

  const onSubmit = () => {
    const found = validateCategory({ name, code });
    setErrors(found);
    if (!hasErrors(found)) save.mutate({ name: name.trim(), code: code.trim() || null });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="md"
      busy={save.isPending}
      title={editing ? 'Edit Category' : 'Add Category'}
      description={editing ? undefined : 'A section of the checklist, such as Corporate Documents.'}
      formLabel={editing ? 'Edit Category' : 'Add Category'}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Add Category'}
    >
      <TextField
        label="Category name"
        required
        error={errors.name}
        name="name"
        value={name}
        autoFocus
        placeholder="e.g. Corporate Documents"
        onChange={edit('name', setName)}
      />
      <TextField
        label="Code"
        optional
        error={errors.code}
        helper={<>Up to {CATEGORY_CODE_MAX} characters. New items are numbered from it (A.1, A.2, …).</>}
        name="code"
        value={code}
        maxW="32"
        placeholder="e.g. A"
        textTransform="uppercase"
        onChange={edit('code', (value: string) => setCode(value.toUpperCase()))}
      />
    </FormDialog>
  );
}
