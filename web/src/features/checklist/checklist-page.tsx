import { Stack } from '@chakra-ui/react';
import { ListChecks } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { useChecklist } from './api/checklist';
import { useChecklistDeal } from './api/checklist-deal';
import { useSectionsOpen } from './use-sections-open';
import { useFirstPaintRows } from './use-first-paint-rows';
import { ChecklistFilters } from './components/checklist-filters';
import { ChecklistDialogs, type ChecklistDialog } from './components/checklist-dialogs';
import { ChecklistSkeleton } from './components/checklist-skeleton';
import { ProgressSummary } from './components/progress-summary';
import { CategorySection, ROW_CHUNK } from './components/category-section';
import type { RowAction } from './components/item-row';
import { ChecklistHeader } from './components/checklist-header';
import { EmptyChecklist, NoItemsPrompt, NoMatches } from './components/empty-checklist';
import { allItems, buildSections, isFilterActive, type StatusFilter } from './logic';
import type { ChecklistItem } from './types';

/**
 * The checklist at /deals/:dealId/checklist (docs/product.md §2 'Due Diligence Checklist'). `suggestions`
 * is the AI assistant's panel under the progress summary, given by the app (a feature imports no other).
 */
export function ChecklistPage({ suggestions }: { suggestions?: ReactNode }) {
  const { dealId = '' } = useParams();
  const deal = useChecklistDeal(dealId);
  const checklist = useChecklist(dealId);

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const deferredSearch = useDeferredValue(search);
  const [dialog, setDialog] = useState<ChecklistDialog>(null);

  const filter = useMemo(() => ({ search: deferredSearch, status }), [deferredSearch, status]);
  const filtering = isFilterActive(filter);
  const data = checklist.data;
  const sections = useMemo(() => (data ? buildSections(data, filter) : []), [data, filter]);
  const totalItems = useMemo(() => (data ? allItems(data).length : 0), [data]);
  const addedCatalogIds = useMemo(
    () => new Set(data ? allItems(data).flatMap((item) => (item.catalog_item_id ? [item.catalog_item_id] : [])) : []),
    [data],
  );
  const rights = useMemo(
    () => ({ canEdit: Boolean(data?.can_edit), canUpload: Boolean(data?.can_update) }),
    [data?.can_edit, data?.can_update],
  );
  const matches = useMemo(() => sections.reduce((n, s) => n + s.visible.length, 0), [sections]);

  // A new search or filter opens the sections with matches afresh.
  const { isOpen, onToggle, setAll, anyOpen } = useSectionsOpen(sections, filtering, JSON.stringify([deferredSearch, status]));

  const rowBudget = useFirstPaintRows(Boolean(data));
  // The rows each open section may render in the first paint: what the sections above it left.
  let rowsAbove = 0;
  const sectionBudgets = sections.map((view, index) => {
    const budget = Math.max(0, rowBudget - rowsAbove);
    if (isOpen(view.category.id, index)) rowsAbove += Math.min(view.visible.length, ROW_CHUNK);
    return budget;
  });

  const itemHref = useCallback((item: ChecklistItem) => `/deals/${dealId}/checklist/items/${item.id}`, [dealId]);
  const onRowAction = useCallback((action: RowAction, item: ChecklistItem) => {
    if (action === 'update') setDialog({ kind: 'update', item });
    else if (action === 'edit') setDialog({ kind: 'item', item });
    else setDialog({ kind: 'delete-item', item });
  }, []);
  const categoryById = useCallback((id: string) => data?.categories.find((c) => c.id === id) ?? null, [data]);
  const onEditCategory = useCallback((id: string) => setDialog({ kind: 'category', category: categoryById(id) }), [categoryById]);
  const onDeleteCategory = useCallback(
    (id: string) => {
      const category = categoryById(id);
      if (category) setDialog({ kind: 'delete-category', category, count: category.total });
    },
    [categoryById],
  );
  const onAddItem = useCallback((id: string) => setDialog({ kind: 'item', item: null, categoryId: id }), []);

  if (checklist.isPending) {
    return (
      <PageContainer>
        <ChecklistSkeleton />
      </PageContainer>
    );
  }
  if (checklist.isError || !data) {
    return (
      <PageContainer>
        <LoadFailed icon={<ListChecks />} title="Failed to load checklist" query={checklist} />
      </PageContainer>
    );
  }

  const canEdit = data.can_edit;
  const empty = totalItems === 0 && data.categories.length === 0;

  return (
    <PageContainer>
      <Stack gap="5">
        <ChecklistHeader
          dealName={deal.data?.name}
          totalItems={totalItems}
          categories={data.categories.length}
          showActions={canEdit && !empty}
          onOpen={setDialog}
        />

        {empty ? (
          <EmptyChecklist canEdit={canEdit} onOpen={setDialog} />
        ) : (
          <>
            <ProgressSummary data={data} />
            {suggestions}

            <ChecklistFilters
              search={search}
              setSearch={setSearch}
              status={status}
              setStatus={setStatus}
              filtering={filtering}
              matches={matches}
              totalItems={totalItems}
              hasSections={sections.length > 0}
              anyOpen={anyOpen}
              setAll={setAll}
            />

            {sections.length === 0 ? (
              <NoMatches
                onClear={() => {
                  setSearch('');
                  setStatus('all');
                }}
              />
            ) : (
              <Stack gap="3">
                {sections.map((view, index) => (
                  <CategorySection
                    key={view.category.id}
                    view={view}
                    open={isOpen(view.category.id, index)}
                    rowBudget={sectionBudgets[index]}
                    onToggle={onToggle}
                    itemHref={itemHref}
                    rights={rights}
                    filtering={filtering}
                    onRowAction={onRowAction}
                    onEditCategory={onEditCategory}
                    onDeleteCategory={onDeleteCategory}
                    onAddItem={onAddItem}
                  />
                ))}
              </Stack>
            )}
            {totalItems === 0 && canEdit && <NoItemsPrompt onOpen={setDialog} />}
          </>
        )}
      </Stack>

      <ChecklistDialogs
        dealId={dealId}
        data={data}
        dialog={dialog}
        addedCatalogIds={addedCatalogIds}
        onClose={() => setDialog(null)}
      />
    </PageContainer>
  );
}

export default ChecklistPage;
