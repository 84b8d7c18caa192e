import {
  Box,
  Button,
  Card,
  CloseButton,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronsDownUp, ChevronsUpDown, FolderPlus, ListChecks, Plus, Search, SearchX } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';
import { ProgressBar } from '../../components/ProgressBar';
import { errorDetail } from '../../lib/api';
import { useDeal } from '../../lib/deal';
import { progressPercent, sectionsProgress } from '../../lib/progress';
import { notify } from '../../lib/toast';
import { checklistKeys, fetchChecklist } from './api';
import { useDeleteCategory, useDeleteChecklistItem } from './api/checklist-changes';
import { useChecklistRefresh } from './hooks';
import { CatalogPickerDialog } from './components/CatalogPickerDialog';
import { CategoryFormDialog } from './components/CategoryFormDialog';
import { AiSuggestionsPanel } from '../ai';
import { CategorySection, type RowAction } from './components/CategorySection';
import { ItemFormDialog } from './components/ItemFormDialog';
import { UpdateItemDialog } from './components/UpdateItemDialog';
import {
  allItems,
  buildSections,
  countItems,
  initiallyOpen,
  isFilterActive,
  ITEM_STATUSES,
  STATUS_LABELS,
  type StatusFilter,
} from './logic';
import type { ChecklistCategory, ChecklistItem, ChecklistResponse } from './types';

type Dialog =
  | { kind: 'category'; category: ChecklistCategory | null }
  | { kind: 'item'; item: ChecklistItem | null; categoryId?: string | null }
  | { kind: 'update'; item: ChecklistItem }
  | { kind: 'catalog' }
  | { kind: 'delete-item'; item: ChecklistItem }
  | { kind: 'delete-category'; category: ChecklistCategory; count: number }
  | null;

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Box px="4" py="3" rounded="md" bg="bg.subtle" borderWidth="1px" borderColor="border.muted">
      <HStack gap="2">
        <Box boxSize="2" rounded="full" bg={tone} flexShrink={0} />
        <Text textStyle="xs" color="fg.muted" fontWeight="medium" truncate>
          {label}
        </Text>
      </HStack>
      <Text textStyle="xl" fontWeight="semibold" mt="1" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}

function ProgressSummary({ data }: { data: ChecklistResponse }) {
  const counts = useMemo(() => countItems(allItems(data)), [data]);
  const progress = data.progress;
  const sections = sectionsProgress(Object.fromEntries(data.categories.map((c) => [c.id, c])));
  return (
    <Card.Root variant="outline" bg="bg" data-testid="progress-summary">
      <Card.Body p="5">
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'center' }}>
          <Box flex="1" minW="0">
            <Text textStyle="sm" color="fg.muted" fontWeight="medium">
              Overall progress
            </Text>
            <HStack gap="3" align="baseline" mt="1" mb="3">
              <Text textStyle="3xl" fontWeight="semibold" letterSpacing="-0.02em" lineHeight="1" data-testid="overall-percent">
                {progressPercent(progress)}%
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {progress.completed} of {progress.total} item{progress.total === 1 ? '' : 's'} complete ·{' '}
                {sections.completed}/{sections.total} section{sections.total === 1 ? '' : 's'} done
              </Text>
            </HStack>
            <ProgressBar progress={progress} size="md" label={`Overall: ${progress.completed} of ${progress.total} completed`} />
          </Box>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" flexShrink={0} minW={{ lg: '520px' }}>
            <Stat label="In Progress" value={counts.in_progress} tone="blue.solid" />
            <Stat label="Provided" value={counts.provided} tone="green.solid" />
            <Stat label="Not Applicable" value={counts.not_applicable} tone="gray.400" />
            <Stat label="Approved" value={counts.approved} tone="teal.solid" />
          </SimpleGrid>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function ChecklistSkeleton() {
  return (
    <Stack gap="5" data-testid="checklist-loading">
      <Skeleton h="9" w="72" />
      <Skeleton h="28" rounded="lg" />
      <Skeleton h="10" rounded="md" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h="16" rounded="lg" />
      ))}
    </Stack>
  );
}

/** The checklist at /deals/:dealId/checklist (docs/product.md §2 'Due Diligence Checklist'). */
export function ChecklistPage() {
  const { dealId = '' } = useParams();
  const refresh = useChecklistRefresh(dealId);
  const deal = useDeal(dealId);
  const checklist = useQuery({
    queryKey: checklistKeys.checklist(dealId),
    queryFn: ({ signal }) => fetchChecklist(dealId, signal),
  });

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const deferredSearch = useDeferredValue(search);
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    if (checklist.isError) notify.error('Failed to load checklist', errorDetail(checklist.error, '') || undefined);
  }, [checklist.isError, checklist.error]);
  useEffect(() => {
    if (deal.isError) notify.error('Failed to load deal information', errorDetail(deal.error, '') || undefined);
  }, [deal.isError, deal.error]);

  // A new search or filter opens the sections with matches afresh.
  useEffect(() => setOverrides({}), [deferredSearch, status]);

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

  const isOpen = (categoryId: string, index: number) =>
    overrides[categoryId] ?? initiallyOpen(index, sections, filtering);
  const onToggle = useCallback(
    (categoryId: string) =>
      setOverrides((prev) => {
        const index = sections.findIndex((s) => s.category.id === categoryId);
        const current = prev[categoryId] ?? initiallyOpen(index, sections, filtering);
        return { ...prev, [categoryId]: !current };
      }),
    [sections, filtering],
  );
  const setAll = (open: boolean) => setOverrides(Object.fromEntries(sections.map((s) => [s.category.id, open])));
  const anyOpen = sections.some((s, i) => isOpen(s.category.id, i));

  const itemHref = useCallback((item: ChecklistItem) => `/deals/${dealId}/checklist/items/${item.id}`, [dealId]);
  const onRowAction = useCallback((action: RowAction, item: ChecklistItem) => {
    if (action === 'update') setDialog({ kind: 'update', item });
    else if (action === 'edit') setDialog({ kind: 'item', item });
    else setDialog({ kind: 'delete-item', item });
  }, []);
  const categoryById = useCallback((id: string) => data?.categories.find((c) => c.id === id) ?? null, [data]);
  const onEditCategory = useCallback(
    (id: string) => setDialog({ kind: 'category', category: categoryById(id) }),
    [categoryById],
  );
  const onDeleteCategory = useCallback(
    (id: string) => {
      const category = categoryById(id);
      if (category) setDialog({ kind: 'delete-category', category, count: category.total });
    },
    [categoryById],
  );
  const onAddItem = useCallback((id: string) => setDialog({ kind: 'item', item: null, categoryId: id }), []);

  const removeItem = useDeleteChecklistItem(dealId, () => setDialog(null));
  const removeCategory = useDeleteCategory(dealId, () => setDialog(null));

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
        <EmptyState
          icon={<ListChecks />}
          title="Failed to load checklist"
          description={errorDetail(checklist.error, 'Please try again in a moment.')}
          action={
            <Button size="sm" variant="outline" onClick={() => checklist.refetch()}>
              Try Again
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const canEdit = data.can_edit;
  const empty = totalItems === 0 && data.categories.length === 0;

  return (
    <PageContainer>
      <Stack gap="5">
        <Flex justify="space-between" align={{ base: 'stretch', lg: 'flex-end' }} gap="4" direction={{ base: 'column', lg: 'row' }}>
          <Box minW="0">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              Due Diligence Checklist
            </Heading>
            <Text textStyle="sm" color="fg.muted" mt="1">
              {deal.data?.name ? `${deal.data.name} · ` : ''}
              {totalItems} item{totalItems === 1 ? '' : 's'} in {data.categories.length} categor
              {data.categories.length === 1 ? 'y' : 'ies'}
            </Text>
          </Box>
          {canEdit && !empty && (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'category', category: null })}>
                <FolderPlus /> Add Category
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'catalog' })}>
                <BookOpen /> Add from Catalog
              </Button>
              <Button
                size="sm"
                colorPalette="brand"
                onClick={() => setDialog({ kind: 'item', item: null })}
                disabled={data.categories.length === 0}
              >
                <Plus /> Add Item
              </Button>
            </HStack>
          )}
        </Flex>

        {empty ? (
          <Card.Root variant="outline" bg="bg">
            <Card.Body py="12">
              <EmptyState
                icon={<ListChecks />}
                title="No checklist items yet"
                description={
                  canEdit
                    ? 'Add standard due-diligence requests from the catalog, or create a category and write your own.'
                    : 'The deal team has not set up the checklist for this deal yet.'
                }
                action={
                  canEdit ? (
                    <HStack gap="2">
                      <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'catalog' })}>
                        <BookOpen /> Add from Catalog
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'category', category: null })}>
                        <FolderPlus /> Add Category
                      </Button>
                    </HStack>
                  ) : undefined
                }
              />
            </Card.Body>
          </Card.Root>
        ) : (
          <>
            <ProgressSummary data={data} />
            <AiSuggestionsPanel dealId={dealId} />

            <Flex gap="3" wrap="wrap" align="center">
              <InputGroup
                w={{ base: 'full', md: 'md' }}
                startElement={<Search size={16} />}
                endElement={
                  search ? <CloseButton size="2xs" aria-label="Clear search" onClick={() => setSearch('')} me="-2" /> : undefined
                }
              >
                <Input
                  bg="bg"
                  placeholder="Search items by code, name or description"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  aria-label="Search checklist"
                />
              </InputGroup>
              <NativeSelect.Root w="52" bg="bg">
                <NativeSelect.Field
                  aria-label="Status filter"
                  value={status}
                  onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
                >
                  <option value="all">All statuses</option>
                  {ITEM_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {STATUS_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Box flex={{ base: 'none', md: '1' }} />
              {filtering && (
                <Text textStyle="sm" color="fg.muted" data-testid="match-count">
                  {matches} of {totalItems} item{totalItems === 1 ? '' : 's'}
                </Text>
              )}
              {sections.length > 0 && (
                <Button size="sm" variant="ghost" onClick={() => setAll(!anyOpen)}>
                  {anyOpen ? <ChevronsDownUp /> : <ChevronsUpDown />}
                  {anyOpen ? 'Collapse all' : 'Expand all'}
                </Button>
              )}
            </Flex>

            {sections.length === 0 ? (
              <Card.Root variant="outline" bg="bg">
                <Card.Body py="10">
                  <EmptyState
                    icon={<SearchX />}
                    title="No items match your filters"
                    description="Try another search term or status."
                    action={
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setSearch('');
                          setStatus('all');
                        }}
                      >
                        Clear filters
                      </Button>
                    }
                  />
                </Card.Body>
              </Card.Root>
            ) : (
              <Stack gap="3">
                {sections.map((view, index) => (
                  <CategorySection
                    key={view.category.id}
                    view={view}
                    open={isOpen(view.category.id, index)}
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
            {totalItems === 0 && canEdit && (
              <Card.Root variant="outline" bg="bg" borderStyle="dashed">
                <Card.Body py="8">
                  <EmptyState
                    size="sm"
                    icon={<BookOpen />}
                    title="No checklist items yet"
                    description="Add standard due-diligence requests from the catalog, or write your own."
                    action={
                      <HStack gap="2">
                        <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'catalog' })}>
                          <BookOpen /> Add from Catalog
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'item', item: null })}>
                          <Plus /> Add Item
                        </Button>
                      </HStack>
                    }
                  />
                </Card.Body>
              </Card.Root>
            )}
          </>
        )}
      </Stack>

      <CategoryFormDialog
        open={dialog?.kind === 'category'}
        onClose={() => setDialog(null)}
        dealId={dealId}
        category={dialog?.kind === 'category' ? dialog.category : null}
        onSaved={refresh}
      />
      <ItemFormDialog
        open={dialog?.kind === 'item'}
        onClose={() => setDialog(null)}
        dealId={dealId}
        categories={data.categories}
        item={dialog?.kind === 'item' ? dialog.item : null}
        defaultCategoryId={dialog?.kind === 'item' ? dialog.categoryId : null}
        onSaved={refresh}
      />
      <UpdateItemDialog
        open={dialog?.kind === 'update'}
        onClose={() => setDialog(null)}
        dealId={dealId}
        item={dialog?.kind === 'update' ? dialog.item : null}
        canEditStatus={canEdit}
        onSaved={refresh}
      />
      <CatalogPickerDialog
        open={dialog?.kind === 'catalog'}
        onClose={() => setDialog(null)}
        dealId={dealId}
        categories={data.categories}
        addedCatalogIds={addedCatalogIds}
        onAdded={refresh}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-item'}
        title="Delete Item"
        message={
          dialog?.kind === 'delete-item' ? (
            <Text>
              Delete <strong>{dialog.item.item_id ? `${dialog.item.item_id} ${dialog.item.name}` : dialog.item.name}</strong>? Its files stay
              in the data room but are no longer linked to it.
            </Text>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        loading={removeItem.isPending}
        onConfirm={() => dialog?.kind === 'delete-item' && removeItem.mutate(dialog.item)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-category'}
        title="Delete Category"
        message={
          dialog?.kind === 'delete-category' ? (
            <Text>
              Delete <strong>{dialog.category.name}</strong>
              {dialog.count > 0 ? ` and its ${dialog.count} item${dialog.count === 1 ? '' : 's'}` : ''}? Files stay in the data room
              but are no longer linked to them. This cannot be undone.
            </Text>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        loading={removeCategory.isPending}
        onConfirm={() => dialog?.kind === 'delete-category' && removeCategory.mutate(dialog.category)}
        onClose={() => setDialog(null)}
      />
    </PageContainer>
  );
}

export default ChecklistPage;
