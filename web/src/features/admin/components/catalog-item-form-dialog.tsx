import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { CATALOG_CATEGORIES } from '@contracts/catalog';
import { catalogPayload } from '../api/save-catalog-item';
import type { CatalogItem } from '../api/list-catalog';
import { useSaveCatalogItem } from '../api/save-catalog-item';
import { FormField } from '../../../components/form-field';

export interface CatalogForm {
  code: string;
  category: string;
  title: string;
  description: string;
}

type Errors = Partial<Record<keyof CatalogForm, string>>;

const CODE_PATTERN = /^[A-Z]{1,3}\.[0-9]{1,3}$/;

/** Code, category, title and description are all required; a new code must look like A.1 (the server's rule). */
export function validateCatalogForm(form: CatalogForm, editing: boolean): Errors {
  const errors: Errors = {};
  const code = form.code.trim().toUpperCase();
  if (!code) errors.code = 'Code is required';
  else if (!editing && !CODE_PATTERN.test(code)) errors.code = 'The code must look like A.1';
  if (!form.category) errors.category = 'Category is required';
  if (!form.title.trim()) errors.title = 'Title is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  return errors;
}

const EMPTY: CatalogForm = { code: '', category: '', title: '', description: '' };

/** 'Create Catalog Item' or 'Edit Catalog Item' (docs/product.md §2): the four fields, sending the full object. */
export function CatalogItemFormDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  /** The item being edited; none to create one. */
  item: CatalogItem | null;
  onClose: () => void;
}) {
  const editing = Boolean(item);
  const [form, setForm] = useState<CatalogForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setForm(item ? { code: item.code, category: item.category, title: item.title, description: item.description ?? '' } : EMPTY);
    setErrors({});
  }, [open, item]);

  const save = useSaveCatalogItem(item, onClose);

  const set = (field: keyof CatalogForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCatalogForm(form, editing);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(catalogPayload(form, item));
  };

  const categories: string[] = [...CATALOG_CATEGORIES];
  if (form.category && !categories.includes(form.category)) categories.push(form.category);

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      preventClose={save.isPending}
      title={editing ? 'Edit Catalog Item' : 'Create Catalog Item'}
      description={
        editing
          ? 'Saving raises the item’s version. Its requirements, AI checks and presets stay as they are.'
          : 'New items are active and added to the Default preset.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="catalog-item-form" loading={save.isPending}>
            {editing ? 'Save Changes' : 'Create Item'}
          </Button>
        </>
      }
    >
      <form id="catalog-item-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4" pb="2">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <Field.Root invalid={Boolean(errors.code)} required gridColumn={{ sm: 'span 1' }}>
              <Field.Label>
                Code <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="code"
                value={form.code}
                placeholder="e.g. A.1"
                readOnly={editing}
                disabled={editing}
                autoFocus={!editing}
                fontFamily="mono"
                onChange={(event) => set('code')(event.target.value.toUpperCase())}
              />
              {errors.code ? (
                <Field.ErrorText>{errors.code}</Field.ErrorText>
              ) : editing ? (
                <Field.HelperText display="flex" alignItems="center" gap="1">
                  <Lock size={12} /> The code cannot be changed
                </Field.HelperText>
              ) : null}
            </Field.Root>
            <FormField label="Category" required error={errors.category} gridColumn={{ sm: 'span 2' }}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="category"
                  value={form.category}
                  onChange={(event) => set('category')(event.currentTarget.value)}
                >
                  <option value="" disabled>
                    Select a category
                  </option>
                  {categories.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <FormField label="Title" required error={errors.title}>
            <Input
              name="title"
              value={form.title}
              placeholder="e.g. Certificate of incorporation"
              autoFocus={editing}
              maxLength={300}
              onChange={(event) => set('title')(event.target.value)}
            />
          </FormField>
          <FormField label="Description" required error={errors.description}>
            <Textarea
              name="description"
              value={form.description}
              rows={4}
              maxLength={5000}
              placeholder="What the seller should provide and why it matters"
              onChange={(event) => set('description')(event.target.value)}
            />
          </FormField>
          {editing && item?.presets && item.presets.length > 0 && (
            <Text textStyle="xs" color="fg.muted">
              In presets: {item.presets.join(', ')}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
