/**
 * Search inside documents at /deals/:dealId/search (issue 35): words inside the deal's documents,
 * ranked, with a highlighted snippet, the folder and the page of each hit; filters; Load More. The query
 * and filters live in the URL, so the data room's "Search inside documents" link opens a search.
 */
import { Button, Card, HStack, Input, InputGroup, Separator, Skeleton, Stack } from '@chakra-ui/react';
import { FileSearch, Search } from 'lucide-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX } from '@contracts/values';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { useDeal } from '../../lib/api/deal';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_FAILED, useSearchDocuments } from './api/search-documents';
import { SearchFilterBar } from './components/search-filters';
import { SearchHitRow } from './components/search-hit-row';
import { FILTER_KEYS, filtersFrom, withParam } from './logic';
import { SEARCH_INPUT_ID } from './use-search-shortcut';

function ResultsSkeleton() {
  return (
    <Stack gap="3" p="4" data-testid="search-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height="16" />
      ))}
    </Stack>
  );
}

export default function SearchPage() {
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  const filters = useMemo(() => filtersFrom(params), [params]);
  const results = useSearchDocuments(dealId, q, filters);

  // The URL follows what is searched (replace: typing is not history).
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(withParam(params, 'q', q), { replace: true });
  }, [q, params, setParams]);

  const hits = useMemo(() => results.data?.pages.flatMap((p) => p.hits) ?? [], [results.data]);

  let body;
  if (!q) {
    body = (
      <EmptyState
        icon={<FileSearch />}
        title="Search inside documents"
        description="Type words to find them inside this deal's documents. Use quotes for a phrase and -word to leave a word out."
      />
    );
  } else if (results.isPending) {
    body = <ResultsSkeleton />;
  } else if (results.isError && hits.length === 0) {
    body = (
      <LoadFailed
        icon={<FileSearch />}
        title={SEARCH_FAILED}
        query={results}
        fallback="The search could not be run. Check your connection and try again."
      />
    );
  } else if (hits.length === 0) {
    body = (
      <EmptyState
        icon={<FileSearch />}
        title={`No documents match "${q}"`}
        description="Try other words, fewer words, or fewer filters. Scanned documents without a text layer cannot be searched."
      />
    );
  } else {
    body = (
      <Stack gap="0" data-testid="search-results">
        {hits.map((hit, index) => (
          <Fragment key={hit.file_id}>
            {index > 0 && <Separator />}
            <SearchHitRow dealId={dealId} hit={hit} />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <PageContainer>
      <Stack gap="5">
        <PageTitle
          title="Search"
          subtitle={`${deal.data?.name ? `${deal.data.name} · ` : ''}Words inside the documents you can see`}
        />
        <InputGroup startElement={<Search size={16} />}>
          <Input
            id={SEARCH_INPUT_ID}
            autoFocus
            type="search"
            placeholder='Search inside documents, e.g. "share purchase" escrow'
            aria-label="Search inside documents"
            maxLength={SEARCH_QUERY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </InputGroup>
        <SearchFilterBar
          dealId={dealId}
          filters={filters}
          onChange={(key, value) => setParams(withParam(params, key, value), { replace: true })}
          onClear={() =>
            setParams(
              FILTER_KEYS.reduce((next, key) => withParam(next, key, undefined), params),
              { replace: true },
            )
          }
        />
        <Card.Root>{body}</Card.Root>
        {results.hasNextPage && (
          <HStack justify="center">
            <Button variant="outline" onClick={() => results.fetchNextPage()} loading={results.isFetchingNextPage}>
              Load More
            </Button>
          </HStack>
        )}
      </Stack>
    </PageContainer>
  );
}
