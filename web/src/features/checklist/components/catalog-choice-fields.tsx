import { Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { NEW_CATEGORY_PREFIX } from '../logic';
import type { CatalogItem, ChecklistCategory } from '../types';
import { FormField } from '../../../components/form-field';

/** The picked catalog item, the category it goes to (maybe a new one) and the optional title and description. */
export function CatalogChoiceFields({
  selected,
  categories,
  target,
  onTarget,
  title,
  setTitle,
  description,
  setDescription,
}: {
  selected: CatalogItem | null;
  categories: ChecklistCategory[];
  target: string;
  onTarget: (target: string) => void;
  title: string;
  setTitle: (title: string) => void;
  description: string;
  setDescription: (description: string) => void;
}) {
  // The picked item's catalog category, offered as a new category when the deal has none of that name.
  const newCategory =
    selected && !categories.some((c) => c.name.trim().toLowerCase() === selected.category.trim().toLowerCase())
      ? selected.category
      : null;
  return (
    <Stack gap="4">
      <HStack gap="2" textStyle="sm" minH="5" data-testid="catalog-selection">
        <Text color="fg.muted" flexShrink={0}>
          Selected:
        </Text>
        {selected ? (
          <Text fontWeight="medium" truncate title={selected.title}>
            {selected.code} · {selected.title}
          </Text>
        ) : (
          <Text color="fg.subtle">No item selected</Text>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="-1">
        <FormField label="Target category" required>
          <NativeSelect.Root>
            <NativeSelect.Field aria-label="Target category" value={target} onChange={(e) => onTarget(e.currentTarget.value)}>
              <option value="">Select a category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code ? `${c.code} · ${c.name}` : c.name}
                </option>
              ))}
              {newCategory && <option value={`${NEW_CATEGORY_PREFIX}${newCategory}`}>New category: {newCategory}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Title" optional>
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={selected?.title ?? 'Catalog title'}
            aria-label="Title override"
          />
        </FormField>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>
          Description{' '}
          <Text as="span" color="fg.subtle" fontWeight="normal">
            (optional)
          </Text>
        </Field.Label>
        <Textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={2}
          placeholder={selected?.description ?? 'Catalog description'}
          aria-label="Description override"
        />
        <Field.HelperText>Leave blank to use the catalog’s title and description.</Field.HelperText>
      </Field.Root>{' '}
    </Stack>
  );
}
