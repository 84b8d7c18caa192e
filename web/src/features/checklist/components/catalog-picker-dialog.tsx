import { Alert, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAddCatalogItem } from '../api/add-catalog-item';
import { useCatalogPage } from '../api/catalog-page';
import { defaultTargetCategory, overrideValue, validateCatalogSelection } from '../logic';
import type { CatalogItem, ChecklistCategory } from '../types';
import { CatalogChoiceFields } from './catalog-choice-fields';
import { CatalogList } from './catalog-list';
import { CatalogSearch } from './catalog-search';

/**
 * Adds a request from the platform catalog: search, category filter, pages of 20; an item and a target
 * category are required, title and description overrides optional (blank means the catalog's value).
 */
export function CatalogPickerDialog({
  open,
  onClose,
  dealId,
  categories,
  addedCatalogIds,
}: {
  open: boolean;
  onClose: () => void;
  dealId: string;
  categories: ChecklistCategory[];
  /** Catalog items already in this deal's checklist, marked in the list. */
  addedCatalogIds?: ReadonlySet<string>;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<CatalogItem | null>(null);
  const [target, setTarget] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search, 300);

  useEffect(() => {
    if (!open) return;
    setSearch('');
    setCategory('');
    setPage(1);
    setSelected(null);
    setTarget('');
    setTitle('');
    setDescription('');
    setError(null);
  }, [open]);

  useEffect(() => setPage(1), [debouncedSearch, category]);

  const params = useMemo(() => ({ page, search: debouncedSearch.trim(), category }), [page, debouncedSearch, category]);
  const catalog = useCatalogPage(params, open);

  const add = useAddCatalogItem(dealId, { onCategory: setTarget, onDone: onClose });

  const pick = (item: CatalogItem) => {
    setSelected(item);
    setTarget((current) => defaultTargetCategory(categories, item.category, current));
    setError(null);
  };

  const submit = () => {
    const invalid = validateCatalogSelection(selected?.id, target);
    setError(invalid);
    if (!invalid && selected) {
      add.mutate({
        catalogItem: selected,
        target,
        title_override: overrideValue(title),
        description_override: overrideValue(description),
      });
    }
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      size="3xl"
      busy={add.isPending}
      title="Add from Catalog"
      description="Pick a standard due-diligence request and the section it belongs to."
      actionLabel="Add to Checklist"
      onAction={submit}
    >
      <Stack gap="4">
        <CatalogSearch search={search} setSearch={setSearch} category={category} setCategory={setCategory} />
        <CatalogList
          items={catalog.data?.items ?? []}
          total={catalog.data?.total_count ?? 0}
          page={page}
          setPage={setPage}
          scrollKey={JSON.stringify([page, debouncedSearch, category])}
          loading={catalog.isPending}
          failed={catalog.isError}
          placeholder={catalog.isPlaceholderData}
          fetching={catalog.isFetching}
          onRetry={() => void catalog.refetch()}
          selected={selected}
          addedCatalogIds={addedCatalogIds}
          onPick={pick}
        />
        <CatalogChoiceFields
          selected={selected}
          categories={categories}
          target={target}
          onTarget={(value) => {
            setTarget(value);
            setError(null);
          }}
          title={title}
          setTitle={setTitle}
          description={description}
          setDescription={setDescription}
        />
        {error && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </ActionDialog>
  );
}
