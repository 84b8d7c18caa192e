/**
 * The review queue at /deals/:dealId/review (docs/product.md §2 Review queue): files and checklist items
 * awaiting a decision, filtered and searched on the server, approved or sent back one at a time, by
 * selection or from the keyboard (A, R, J, K, Shift+A, Shift+R, F).
 */
import {
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReviewRow } from '@contracts/review';
import { ClipboardCheck, Filter, Search } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageContainer } from '../../components/layout/page-container';
import { notify } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { ReviewFilters } from './api/keys';
import { useCategories } from './api/list-categories';
import { useReviewDecision, type Decision } from './api/review-decision';
import { useReviewQueue } from './api/review-queue';
import { BulkBar } from './components/bulk-bar';
import { FilterPanel } from './components/filter-panel';
import { ReviewRowView } from './components/review-row-view';
import { keyAction } from './logic';

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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [highlight, setHighlight] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(search, 300);
  const query = useReviewQueue(dealId, { ...filters, search: debounced });
  const categories = useCategories(dealId);
  const decision = useReviewDecision(dealId, () => setSelected(new Set()));

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total_count ?? 0;
  const remaining = Math.max(0, total - rows.length);

  useEffect(() => {
    setSelected(new Set());
    setHighlight(0);
  }, [debounced, filters]);

  const act = (ids: string[], kind: Decision) => {
    if (ids.length === 0) return notify.error('No items selected');
    decision.mutate({ ids, decision: kind });
  };
  const decidable = (ids: Iterable<string>) => rows.filter((r) => r.can_decide && new Set(ids).has(r.id)).map((r) => r.id);

  // Latest values for the one keydown listener.
  const live = useRef({ rows, highlight, selected, act, decidable });
  live.current = { rows, highlight, selected, act, decidable };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event);
      if (!action) return;
      const { rows: list, highlight: at, selected: chosen, act: run, decidable: allowed } = live.current;
      const row: ReviewRow | undefined = list[at];
      event.preventDefault();
      if (action === 'search') searchRef.current?.focus();
      else if (action === 'down') setHighlight(Math.min(at + 1, Math.max(0, list.length - 1)));
      else if (action === 'up') setHighlight(Math.max(at - 1, 0));
      else if (action === 'approve' && row?.can_decide) run([row.id], 'approve');
      else if (action === 'request-changes' && row?.can_decide) run([row.id], 'request-changes');
      else if (action === 'approve-selected') run(allowed(chosen), 'approve');
      else if (action === 'request-changes-selected') run(allowed(chosen), 'request-changes');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Only rows the caller may decide on can be selected; a member who may decide on none follows the queue.
  const decidableRows = rows.filter((r) => r.can_decide);
  const followsOnly = rows.length > 0 && decidableRows.length === 0;
  const allOnPage = decidableRows.length > 0 && decidableRows.every((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PageContainer>
      {/* Room below the list for the bulk bar, two lines high on a phone. */}
      <Stack gap="5" pb={selected.size ? { base: '36', sm: '20' } : '0'}>
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            Review Queue
          </Heading>
          <Text textStyle="sm" color="fg.muted" mt="1" data-testid="review-subtitle">
            {followsOnly
              ? 'Files and checklist items awaiting a decision. You can follow them here; approving and requesting changes need the approve permission.'
              : 'Files and checklist items awaiting a decision. Keys: A approve, R request changes, J/K move, Shift+A/Shift+R the selection, F search.'}
          </Text>
        </Box>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
          <InputGroup flex="1" startElement={<Search size={16} />}>
            <Input
              ref={searchRef}
              placeholder="Search files and checklist items... (F)"
              aria-label="Search the review queue"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </InputGroup>
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
        <HStack justify="space-between">
          <Checkbox.Root
            checked={allOnPage}
            disabled={!decidableRows.length}
            onCheckedChange={(e) => setSelected(e.checked === true ? new Set(decidableRows.map((r) => r.id)) : new Set())}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Select all</Checkbox.Label>
          </Checkbox.Root>
          <Text textStyle="sm" color="fg.muted" data-testid="review-count">
            {query.isPending ? 'Loading...' : `${total} item${total === 1 ? '' : 's'} in queue`}
          </Text>
        </HStack>
        <Card.Root>
          {query.isPending ? (
            <Stack p="4" gap="3">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height="12" />
              ))}
            </Stack>
          ) : query.isError && !rows.length ? (
            <EmptyState
              icon={<ClipboardCheck />}
              title="Failed to load review queue"
              description="Check your connection and try again."
              action={
                <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                  Try Again
                </Button>
              }
            />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<ClipboardCheck />}
              title="No items in review queue"
              description="Nothing here matches; files and checklist items show up as they arrive."
            />
          ) : (
            <Stack gap="0" data-testid="review-list">
              {rows.map((row, index) => (
                <Fragment key={row.id}>
                  {index > 0 && <Separator />}
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
                </Fragment>
              ))}
            </Stack>
          )}
        </Card.Root>
        {query.hasNextPage && (
          <HStack justify="center">
            <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
              Load More ({remaining} remaining)
            </Button>
          </HStack>
        )}
      </Stack>
      <BulkBar
        count={selected.size}
        busy={decision.isPending}
        onClear={() => setSelected(new Set())}
        onApprove={() => act(decidable(selected), 'approve')}
        onRequestChanges={() => act(decidable(selected), 'request-changes')}
      />
    </PageContainer>
  );
}
