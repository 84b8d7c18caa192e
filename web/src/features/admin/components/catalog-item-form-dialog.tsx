import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { CATALOG_CATEGORIES } from '@contracts/catalog';
import { catalogPayload } from '../api/save-catalog-item';
import type { CatalogItem } from '../api/list-catalog';
import { useSaveCatalogItem } from '../api/save-catalog-item';
import { ChoiceField, TextAreaField, TextField } from '../../../components/text-field';
import { useFieldErrors } from '../../../lib/use-field-errors';

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
  const { errors, setErrors, edit } = useFieldErrors<Errors>();

  useEffect(() => {
    if (!open) return;
    setForm(item ? { code: item.code, category: item.category, title: item.title, description: item.description ?? '' } : EMPTY);
    setErrors({});
  }, [open, item, setErrors]);

  const save = useSaveCatalogItem(item, onClose);

  const set = (field: keyof CatalogForm) =>
    edit(field, (value: string) => setForm((current) => ({ ...current, [field]: value })));

  const onSubmit = () => {
    const found = validateCatalogForm(form, editing);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(catalogPayload(form, item));
  };

  const categories: string[] = [...CATALOG_CATEGORIES];
  if (form.category && !categories.includes(form.category)) categories.push(form.category);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="xl"
      busy={save.isPending}
      title={editing ? 'Edit Catalog Item' : 'Create Catalog Item'}
      description={
        editing
          ? 'Saving raises the item’s version. Its requirements, AI checks and presets stay as they are.'
          : 'New items are active and added to the Default preset.'
      }
      formId="catalog-item-form"
      pb="2"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Item'}
    >
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
        <ChoiceField
          label="Category"
          required
          error={errors.category}
          gridColumn={{ sm: 'span 2' }}
          name="category"
          value={form.category}
          onChange={set('category')}
        >
          <option value="" disabled>
            Select a category
          </option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </ChoiceField>
      </SimpleGrid>
      <TextField
        label="Title"
        required
        error={errors.title}
        name="title"
        value={form.title}
        placeholder="e.g. Certificate of incorporation"
        autoFocus={editing}
        maxLength={300}
        onChange={set('title')}
      />
      <TextAreaField
        label="Description"
        required
        error={errors.description}
        name="description"
        value={form.description}
        rows={4}
        maxLength={5000}
        placeholder="What the seller should provide and why it matters"
        onChange={set('description')}
      />
      {editing && item?.presets && item.presets.length > 0 && (
        <Text textStyle="xs" color="fg.muted">
          In presets: {item.presets.join(', ')}
        </Text>
      )}
    </FormDialog>
  );
}
