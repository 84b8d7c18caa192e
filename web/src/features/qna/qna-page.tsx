/**
 * Q&A at /deals/:dealId/qna (docs/decisions.md decision 49): the questions the caller may see, counted by
 * status, filtered and searched on the server, read a page at a time; bulk assign and close; keys as the
 * review queue's (J/K move, Enter opens, X selects, F search).
 */
import { Button, Flex, HStack, Stack } from '@chakra-ui/react';
import { Download, MessageCircleQuestion, Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { LoadMoreButton, RowsCard, SelectAllBar } from '../../components/row-list';
import { SelectField } from '../../components/select-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRowSelection } from '../../lib/use-row-selection';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import { useAssignees } from './api/assignees';
import { useBulkAction } from './api/bulk-action';
import { useExportCsv } from './api/export-csv';
import type { QnaFilters } from './api/keys';
import { useQuestions } from './api/questions';
import { AskQuestionDialog } from './components/ask-question-dialog';
import { QnaBulkBar } from './components/qna-bulk-bar';
import { QuestionRowView } from './components/question-row-view';
import { qnaKeyAction } from './logic';
import { SearchInput } from '../../components/search-input';

const SCOPES = [
  ['all', 'Everything'],
  ['deal', 'The deal'],
  ['file', 'Files'],
  ['item', 'Checklist items'],
] as const;

export default function QnaPage() {
  const { dealId = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<QnaFilters, 'search'>>({ status: 'all', scope: 'all' });
  const { selected, setSelected, toggle, clear } = useRowSelection();
  const [highlight, setHighlight] = useState(0);
  const [asking, setAsking] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(search, 300);
  const all = { ...filters, search: debounced };
  const query = useQuestions(dealId, all);
  const first = query.data?.pages[0];
  const canAnswer = first?.can_answer ?? false;
  const assignees = useAssignees(dealId, canAnswer);
  const bulk = useBulkAction(dealId, clear);
  const exportCsv = useExportCsv(dealId);

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const counts = first?.counts ?? { all: 0, open: 0, answered: 0, closed: 0 };
  const shown = filters.status === 'all' ? counts.all : counts[filters.status];

  useEffect(() => {
    clear();
    setHighlight(0);
  }, [debounced, filters, clear]);

  useWindowKeydown((event) => {
    const action = qnaKeyAction(event);
    if (!action) return;
    const row = rows[highlight];
    event.preventDefault();
    if (action === 'search') searchRef.current?.focus();
    else if (action === 'down') setHighlight(Math.min(highlight + 1, Math.max(0, rows.length - 1)));
    else if (action === 'up') setHighlight(Math.max(highlight - 1, 0));
    else if (action === 'open' && row) navigate(`/deals/${dealId}/qna/${row.id}`);
    else if (action === 'select' && row) toggle(row.id);
  });

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <PageContainer>
      <Stack gap="5" pb={selected.size ? { base: '36', sm: '20' } : '0'}>
        <Flex
          gap="3"
          justify="space-between"
          align={{ base: 'stretch', sm: 'flex-start' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <PageTitle
            title="Q&A"
            subtitle="Questions about the deal, its files and checklist items. Keys: J/K move, Enter opens, X selects, F search."
          />
          <HStack gap="2">
            <Button variant="outline" size="sm" loading={exportCsv.isPending} onClick={() => exportCsv.mutate(all)}>
              <Download /> Export CSV
            </Button>
            {first?.can_ask && (
              <Button colorPalette="brand" size="sm" onClick={() => setAsking(true)}>
                <Plus /> Ask a question
              </Button>
            )}
          </HStack>
        </Flex>
        <HStack gap="1" overflowX="auto" role="group" aria-label="Status">
          {(['all', 'open', 'answered', 'closed'] as const).map((s) => (
            <Button
              key={s}
              size="sm"
              variant={filters.status === s ? 'subtle' : 'ghost'}
              aria-pressed={filters.status === s}
              onClick={() => setFilters((f) => ({ ...f, status: s }))}
              data-testid={`qna-count-${s}`}
            >
              {s === 'all' ? 'All' : s[0]!.toUpperCase() + s.slice(1)} ({counts[s]})
            </Button>
          ))}
        </HStack>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
          <SearchInput
            flex="1"
            inputRef={searchRef}
            placeholder="Search questions... (F)"
            label="Search questions"
            value={search}
            onChange={setSearch}
          />
          <SelectField
            label="About"
            value={filters.scope}
            onChange={(v) => setFilters((f) => ({ ...f, scope: v as QnaFilters['scope'] }))}
            options={SCOPES}
            w={{ md: '44' }}
          />
          {canAnswer && (
            <SelectField
              label="Assignee"
              value={filters.assignee ?? ''}
              onChange={(v) => setFilters((f) => ({ ...f, assignee: v || undefined }))}
              options={[
                ['', 'Anyone'],
                ['me', 'Me'],
                ['none', 'Nobody'],
                ...(assignees.data ?? []).map((a) => [a.id, a.name] as const),
              ]}
              w={{ md: '44' }}
            />
          )}
        </Flex>
        <SelectAllBar
          checked={allOnPage}
          disabled={!rows.length}
          onCheckedChange={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
          countTestId="qna-count"
          count={query.isPending ? 'Loading...' : `${shown} question${shown === 1 ? '' : 's'}`}
        />
        <RowsCard
          loading={query.isPending}
          skeletonRows={4}
          fallback={
            <EmptyState
              icon={<MessageCircleQuestion />}
              title="No questions"
              description={
                first?.can_ask ? 'Nothing here matches. Ask about the deal, a file or a checklist item.' : 'Nothing here matches.'
              }
            />
          }
          rows={rows}
          testId="qna-list"
          renderRow={(row, index) => (
            <QuestionRowView
              dealId={dealId}
              row={row}
              selectable
              selected={selected.has(row.id)}
              highlighted={index === highlight}
              onSelect={(on) => toggle(row.id, on)}
              onHighlight={() => setHighlight(index)}
            />
          )}
        />
        <LoadMoreButton
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          remaining={Math.max(0, shown - rows.length)}
          onMore={() => query.fetchNextPage()}
        />
      </Stack>
      <QnaBulkBar
        count={selected.size}
        busy={bulk.isPending}
        assignees={canAnswer ? (assignees.data ?? []) : null}
        onAssign={(assignee_id) => bulk.mutate({ kind: 'assign', ids: [...selected], assignee_id })}
        onClose={() => bulk.mutate({ kind: 'close', ids: [...selected] })}
        onClear={clear}
      />
      <AskQuestionDialog
        dealId={dealId}
        open={asking}
        onClose={() => setAsking(false)}
        onAsked={(q) => navigate(`/deals/${dealId}/qna/${q.id}`)}
      />
    </PageContainer>
  );
}
