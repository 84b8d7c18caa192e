import { Button, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { useSaveChecklistItem } from '../api/save-checklist-item';
import { hasErrors, ITEM_STATUSES, parseExpectedCount, STATUS_LABELS, validateItem, type ItemErrors } from '../logic';
import type { ChecklistCategory, ChecklistItem, ItemStatus } from '../types';
import { FormField } from '../../../components/form-field';

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
  const [errors, setErrors] = useState<ItemErrors>({});

  useEffect(() => {
    if (!open) return;
    setName(item?.name ?? '');
    setDescription(item?.description ?? '');
    setCategoryId(item?.category_id ?? defaultCategoryId ?? '');
    setStatus(item?.status ?? 'in_progress');
    setRequired(item ? Boolean(item.required) : true);
    setExpected(String(item?.metadata?.anticipated_file_count ?? 1));
    setErrors({});
  }, [open, item, defaultCategoryId]);

  const save = useSaveChecklistItem(dealId, item, onClose);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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

  const clear = (key: keyof ItemErrors) => {
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      preventClose={save.isPending}
      title={editing ? 'Edit Item' : 'Add Item'}
      description={editing ? (item?.item_id ?? undefined) : 'A custom request for a document or set of documents.'}
    >
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit Item' : 'Add Item'}>
        <Stack gap="4" pb="2">
          <FormField label="Item name" required error={errors.name}>
            <Input
              name="name"
              value={name}
              autoFocus
              placeholder="e.g. Audited financial statements (last 3 years)"
              onChange={(e) => {
                setName(e.target.value);
                clear('name');
              }}
            />
          </FormField>
          <FormField label="Description" optional>
            <Textarea
              name="description"
              value={description}
              rows={3}
              placeholder="What exactly is requested, periods covered, format…"
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: editing ? 2 : 1 }} gap="4">
            <FormField label="Category" required error={errors.category}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="category_id"
                  value={categoryId}
                  onChange={(e) => {
                    setCategoryId(e.currentTarget.value);
                    clear('category');
                  }}
                >
                  <option value="">Select a category</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.code ? `${category.code} · ${category.name}` : category.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {editing && (
              <FormField label="Status">
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="status"
                    value={status}
                    onChange={(e) => setStatus(e.currentTarget.value as ItemStatus)}
                  >
                    {ITEM_STATUSES.map((value) => (
                      <option key={value} value={value}>
                        {STATUS_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
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
                onChange={(e) => {
                  setExpected(e.target.value);
                  clear('expected');
                }}
              />
              {errors.expected ? (
                <Field.ErrorText maxW="xs">{errors.expected}</Field.ErrorText>
              ) : (
                <Field.HelperText>How many files should answer it.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root w="auto" pt="7">
              <Checkbox.Root
                checked={required}
                onCheckedChange={(details) => setRequired(details.checked === true)}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput name="required" />
                <Checkbox.Control />
                <Checkbox.Label>Required</Checkbox.Label>
              </Checkbox.Root>
            </Field.Root>
          </HStack>
        </Stack>
        <Stack direction="row" justify="flex-end" gap="2" pt="4" pb="2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {editing ? 'Save Changes' : 'Add Item'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
