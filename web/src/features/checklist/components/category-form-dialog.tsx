import { Button, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { useSaveCategory } from '../api/save-category';
import { CATEGORY_CODE_MAX, hasErrors, validateCategory, type CategoryErrors } from '../logic';
import type { ChecklistCategory } from '../types';
import { FormField } from '../../../components/form-field';

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
  const [errors, setErrors] = useState<CategoryErrors>({});

  useEffect(() => {
    if (!open) return;
    setName(category?.name ?? '');
    setCode(category?.code ?? '');
    setErrors({});
  }, [open, category]);

  const save = useSaveCategory(dealId, category, onClose);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCategory({ name, code });
    setErrors(found);
    if (!hasErrors(found)) save.mutate({ name: name.trim(), code: code.trim() || null });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      preventClose={save.isPending}
      title={editing ? 'Edit Category' : 'Add Category'}
      description={editing ? undefined : 'A section of the checklist, such as Corporate Documents.'}
    >
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit Category' : 'Add Category'}>
        <Stack gap="4" pb="2">
          <FormField label="Category name" required error={errors.name}>
            <Input
              name="name"
              value={name}
              autoFocus
              placeholder="e.g. Corporate Documents"
              onChange={(e) => {
                setName(e.target.value);
                if (errors.name) setErrors((prev) => ({ ...prev, name: undefined }));
              }}
            />
          </FormField>
          <FormField
            label="Code"
            optional
            error={errors.code}
            helper={<>Up to {CATEGORY_CODE_MAX} characters. New items are numbered from it (A.1, A.2, …).</>}
          >
            <Input
              name="code"
              value={code}
              maxW="32"
              placeholder="e.g. A"
              textTransform="uppercase"
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                if (errors.code) setErrors((prev) => ({ ...prev, code: undefined }));
              }}
            />
          </FormField>
        </Stack>
        <Stack direction="row" justify="flex-end" gap="2" pt="4" pb="2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {editing ? 'Save Changes' : 'Add Category'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
