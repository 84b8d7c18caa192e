import { Field, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ChoiceField, TextAreaField, TextField } from '../../../components/text-field';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSaveChecklistItem } from '../api/save-checklist-item';
import { hasErrors, ITEM_STATUSES, parseExpectedCount, STATUS_LABELS, validateItem, type ItemErrors } from '../logic';
import type { ChecklistCategory, ChecklistItem, ItemStatus } from '../types';
import { RequiredCheckbox } from './required-checkbox';

/**
 * Add Item / Edit Item: name and category required; the status is editable only when editing
 * (a new item starts in progress).
 */
export function ItemFormDialog({
  open,
  onClose,
  dealId,
  categories,
  item,
  defaultCategoryId,
}: {
  open: boolean;
  onClose: () => void;
  dealId: string;
  categories: ChecklistCategory[];
  item?: ChecklistItem | null;
  defaultCategoryId?: string | null;
}) {
  const editing = Boolean(item);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState<ItemStatus>('in_progress');
  const [required, setRequired] = useState(true);
  const [expected, setExpected] = useState('1');
  const { errors, setErrors, edit } = useFieldErrors<ItemErrors>();

  useEffect(() => {
    if (!open) return;
    setName(item?.name ?? '');
    setDescription(item?.description ?? '');
    setCategoryId(item?.category_id ?? defaultCategoryId ?? '');
    setStatus(item?.status ?? 'in_progress');
    setRequired(item ? Boolean(item.required) : true);
    setExpected(String(item?.metadata?.anticipated_file_count ?? 1));
    setErrors({});
  }, [open, item, defaultCategoryId, setErrors]);

  const save = useSaveChecklistItem(dealId, item, onClose);

  const onSubmit = () => {
    const found = validateItem({ name, categoryId, expected });
    setErrors(found);
    if (!hasErrors(found)) {
      save.mutate({
        name: name.trim(),
        description: description.trim(),
        category_id: categoryId,
        required,
        anticipated_file_count: parseExpectedCount(expected) ?? 0,
        status,
      });
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="xl"
      busy={save.isPending}
      title={editing ? 'Edit Item' : 'Add Item'}
      description={editing ? (item?.item_id ?? undefined) : 'A custom request for a document or set of documents.'}
      formLabel={editing ? 'Edit Item' : 'Add Item'}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Add Item'}
    >
      <TextField
        label="Item name"
        required
        error={errors.name}
        name="name"
        value={name}
        autoFocus
        placeholder="e.g. Audited financial statements (last 3 years)"
        onChange={edit('name', setName)}
      />
      <TextAreaField
        label="Description"
        optional
        name="description"
        value={description}
        rows={3}
        placeholder="What exactly is requested, periods covered, format…"
        onChange={setDescription}
      />
      <SimpleGrid columns={{ base: 1, sm: editing ? 2 : 1 }} gap="4">
        <ChoiceField
          label="Category"
          required
          error={errors.category}
          name="category_id"
          value={categoryId}
          onChange={edit('category', setCategoryId)}
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.code ? `${category.code} · ${category.name}` : category.name}
            </option>
          ))}
        </ChoiceField>
        {editing && (
          <ChoiceField label="Status" name="status" value={status} onChange={(value) => setStatus(value as ItemStatus)}>
            {ITEM_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </ChoiceField>
        )}
      </SimpleGrid>
      <HStack gap="6" align="flex-start" wrap="wrap">
        <Field.Root invalid={Boolean(errors.expected)} w="auto" minW="44">
          <Field.Label>Expected files</Field.Label>
          <Input
            name="anticipated_file_count"
            value={expected}
            inputMode="numeric"
            maxW="28"
            onChange={(e) => edit('expected', setExpected)(e.target.value)}
          />
          {errors.expected ? (
            <Field.ErrorText maxW="xs">{errors.expected}</Field.ErrorText>
          ) : (
            <Field.HelperText>How many files should answer it.</Field.HelperText>
          )}
        </Field.Root>
        <RequiredCheckbox checked={required} onChange={setRequired} />
      </HStack>
    </FormDialog>
  );
}
