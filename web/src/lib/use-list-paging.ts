import { useCallback, useEffect, useState } from 'react';
import { pageCount } from './paging';
import { useDebouncedValue } from './use-debounced-value';

/** A paged list's page: it starts again at 1 whenever its filters (filterKey) change. */
export function useFilteredPage(filterKey: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key: filterKey, page: next }), [filterKey]);
  return [page, setPage];
}

/** A searched, paged list: the typed text, the trimmed search after 300 ms, and the page, back to 1 on a new search or filter. */
export function useSearchPaging(otherFilters = '') {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useFilteredPage(`${q}\u0000${otherFilters}`);
  return { search, setSearch, q, page, setPage };
}

/** After a delete empties the last page of a list, step back to the new last page. */
export function useStepBackFromEmptyPage(
  query: { isSuccess: boolean; isPlaceholderData: boolean },
  page: number,
  total: number,
  pageSize: number,
  setPage: (page: number) => void,
) {
  const lastPage = pageCount(total, pageSize);
  const settled = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (settled && page > lastPage) setPage(lastPage);
  }, [settled, page, lastPage, setPage]);
}
