/**
 * The review queue at /deals/:dealId/review (docs/product.md §2 Review queue): files and checklist items
 * awaiting a decision, filtered and searched on the server, approved or sent back one at a time, by
 * selection or from the keyboard (A, R, J, K, Shift+A, Shift+R, F).
 */
import { Button, Flex, Stack } from '@chakra-ui/react';
import type { ReviewRow } from '@contracts/review';
import { ClipboardCheck, Filter } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { LoadMoreButton, RowsCard, SelectAllBar } from '../../components/row-list';
import { notify } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRowSelection } from '../../lib/use-row-selection';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import type { ReviewFilters } from './api/keys';
import { useCategories } from './api/list-categories';
import { useReviewDecision, type Decision } from './api/review-decision';
import { useReviewQueue } from './api/review-queue';
import { FilterPanel } from './components/filter-panel';
import { ReviewRowView } from './components/review-row-view';
import { keyAction } from './logic';
import { SearchInput } from '../../components/search-input';
import { LoadOnOpen } from '../../components/load-on-open';
import { lazyPage } from '../../lib/lazy-page';

// The bar of the selected rows (Chakra's action bar, positioned with floating-ui: 14 KB compressed) loads
// when the first row is selected, asked for as the pointer or focus first enters the page (decision 67).
const BulkBar = lazyPage(() => import('./components/bulk-bar').then((m) => ({ default: m.BulkBar })));
const preloadBulkBar = () => void BulkBar.preload().catch(() => undefined);

export default function ReviewQueuePage() {
  const { dealId = '' } = useParams();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<ReviewFilters, 'search'>>({
    kind: 'all',
    status: 'awaiting',
    sort: 'updated_at',
    empty: 'hide',
  });
  const [showFilters, setShowFilters] = useState(false);
  const { selected, setSelected, toggle, clear } = useRowSelection();
  const [highlight, setHighlight] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(search, 300);
  const query = useReviewQueue(dealId, { ...filters, search: debounced });
  const categories = useCategories(dealId);
  const decision = useReviewDecision(dealId, clear);

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total_count ?? 0;
  const remaining = Math.max(0, total - rows.length);

  useEffect(() => {
    clear();
    setHighlight(0);
  }, [debounced, filters, clear]);

  const act = (ids: string[], kind: Decision) => {
    if (ids.length === 0) return notify.error('No items selected');
    decision.mutate({ ids, decision: kind });
  };
  const decidable = (ids: Iterable<string>) => rows.filter((r) => r.can_decide && new Set(ids).has(r.id)).map((r) => r.id);

  useWindowKeydown((event) => {
    const action = keyAction(event);
    if (!action) return;
    const row: ReviewRow | undefined = rows[highlight];
    event.preventDefault();
    if (action === 'search') searchRef.current?.focus();
    else if (action === 'down') setHighlight(Math.min(highlight + 1, Math.max(0, rows.length - 1)));
    else if (action === 'up') setHighlight(Math.max(highlight - 1, 0));
    else if (action === 'approve' && row?.can_decide) act([row.id], 'approve');
    else if (action === 'request-changes' && row?.can_decide) act([row.id], 'request-changes');
    else if (action === 'approve-selected') act(decidable(selected), 'approve');
    else if (action === 'request-changes-selected') act(decidable(selected), 'request-changes');
  });

  // Only rows the caller may decide on can be selected; a member who may decide on none follows the queue.
  const decidableRows = rows.filter((r) => r.can_decide);
  const followsOnly = rows.length > 0 && decidableRows.length === 0;
  const allOnPage = decidableRows.length > 0 && decidableRows.every((r) => selected.has(r.id));

  return (
    <PageContainer>
      {/* Room below the list for the bulk bar, two lines high on a phone. */}
      <Stack gap="5" pb={selected.size ? { base: '36', sm: '20' } : '0'} onPointerOver={preloadBulkBar} onFocus={preloadBulkBar}>
        <PageTitle
          title="Review Queue"
          subtitle={
            followsOnly
              ? 'Files and checklist items awaiting a decision. You can follow them here; approving and requesting changes need the approve permission.'
              : 'Files and checklist items awaiting a decision. Keys: A approve, R request changes, J/K move, Shift+A/Shift+R the selection, F search.'
          }
          subtitleProps={{ 'data-testid': 'review-subtitle' }}
        />
        <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
          <SearchInput
            flex="1"
            inputRef={searchRef}
            placeholder="Search files and checklist items... (F)"
            label="Search the review queue"
            value={search}
            onChange={setSearch}
          />
          <Button
            variant={showFilters ? 'subtle' : 'outline'}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
          >
            <Filter /> Filters
          </Button>
        </Flex>
        {showFilters && (
          <FilterPanel
            filters={{ ...filters, search }}
            categories={categories.data ?? []}
            onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
          />
        )}
        <SelectAllBar
          checked={allOnPage}
          disabled={!decidableRows.length}
          onCheckedChange={(on) => setSelected(on ? new Set(decidableRows.map((r) => r.id)) : new Set())}
          countTestId="review-count"
          count={query.isPending ? 'Loading...' : `${total} item${total === 1 ? '' : 's'} in queue`}
        />
        <RowsCard
          loading={query.isPending}
          skeletonRows={5}
          fallback={
            query.isError ? (
              <LoadFailed
                icon={<ClipboardCheck />}
                title="Failed to load review queue"
                query={query}
                description="Check your connection and try again."
              />
            ) : (
              <EmptyState
                icon={<ClipboardCheck />}
                title="No items in review queue"
                description="Nothing here matches; files and checklist items show up as they arrive."
              />
            )
          }
          rows={rows}
          testId="review-list"
          renderRow={(row, index) => (
            <ReviewRowView
              dealId={dealId}
              row={row}
              selected={selected.has(row.id)}
              highlighted={index === highlight}
              busy={decision.isPending}
              onSelect={(on) => toggle(row.id, on)}
              onHighlight={() => setHighlight(index)}
              onDecide={(kind) => act([row.id], kind)}
            />
          )}
        />
        <LoadMoreButton
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          remaining={remaining}
          onMore={() => query.fetchNextPage()}
        />
      </Stack>
      <LoadOnOpen open={selected.size > 0}>
        <BulkBar
          count={selected.size}
          busy={decision.isPending}
          onClear={clear}
          onApprove={() => act(decidable(selected), 'approve')}
          onRequestChanges={() => act(decidable(selected), 'request-changes')}
        />
      </LoadOnOpen>
    </PageContainer>
  );
}
