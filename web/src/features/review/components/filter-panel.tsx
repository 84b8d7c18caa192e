import { SimpleGrid } from '@chakra-ui/react';
import { SelectField } from '../../../components/select-field';
import type { ReviewFilters } from '../api/keys';
import type { Category } from '../api/list-categories';

const Select = SelectField;

/**
 * Item Type, Status, Category (the deal's), Empty Requests (checklist items with no file, hidden by
 * default) and Sort By (docs/product.md §2 Review queue).
 */
export function FilterPanel({
  filters,
  categories,
  onChange,
}: {
  filters: ReviewFilters;
  categories: Category[];
  onChange: (patch: Partial<ReviewFilters>) => void;
}) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2, lg: 5 }}
      gap="3"
      p="4"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      data-testid="review-filters"
    >
      <Select
        label="Item Type"
        value={filters.kind}
        onChange={(v) => onChange({ kind: v as ReviewFilters['kind'] })}
        options={[
          ['all', 'All items'],
          ['files', 'Files only'],
          ['items', 'Checklist items only'],
        ]}
      />
      <Select
        label="Status"
        value={filters.status}
        onChange={(v) => onChange({ status: v as ReviewFilters['status'] })}
        options={[
          ['awaiting', 'Awaiting decision'],
          ['all', 'All statuses'],
          ['pending', 'Pending Review'],
          ['review', 'In Review'],
          ['approved', 'Approved'],
          ['changes_requested', 'Changes Requested'],
        ]}
      />
      <Select
        label="Category"
        value={filters.category_id ?? ''}
        onChange={(v) => onChange({ category_id: v || undefined })}
        options={[['', 'All categories'], ...categories.map((c): [string, string] => [c.id, c.name])]}
      />
      <Select
        label="Empty Requests"
        value={filters.empty ?? 'hide'}
        onChange={(v) => onChange({ empty: v as ReviewFilters['empty'] })}
        options={[
          ['hide', 'Hide items with no files'],
          ['show', 'Show items with no files'],
        ]}
      />
      <Select
        label="Sort By"
        value={filters.sort}
        onChange={(v) => onChange({ sort: v as ReviewFilters['sort'] })}
        options={[
          ['updated_at', 'Recently updated'],
          ['name', 'Name'],
          ['completeness', 'Completeness'],
        ]}
      />
    </SimpleGrid>
  );
}
