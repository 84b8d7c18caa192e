import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api/client';
import { adminKeys } from './keys';

/** One dashboard count: the list's total_count asked with page_size 1, or null when unavailable. */
export interface DashboardCount {
  key: string;
  value: number | null;
  /** True when the list failed for a reason other than not existing yet (404). */
  failed: boolean;
}

const COUNT_SOURCES: { key: string; path: string; query?: Record<string, string> }[] = [
  { key: 'users', path: '/admin/users' },
  { key: 'super_admins', path: '/admin/super-admins' },
  { key: 'catalog_items', path: '/admin/catalog' },
  { key: 'active_catalog_items', path: '/admin/catalog', query: { active_only: 'true' } },
  { key: 'presets', path: '/admin/presets' },
  { key: 'permission_sets', path: '/admin/permission-sets' },
];

/** The dashboard's counts (docs/product.md §7): each list asked with page_size 1; failures count as unavailable. */
export async function fetchDashboardCounts(signal?: AbortSignal): Promise<Record<string, DashboardCount>> {
  const results = await Promise.allSettled(
    COUNT_SOURCES.map((source) =>
      api.get<{ total_count?: unknown }>(source.path, {
        signal,
        query: { ...source.query, page: 1, page_size: 1 },
      }),
    ),
  );
  if (signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
  const counts: Record<string, DashboardCount> = {};
  results.forEach((result, index) => {
    const { key } = COUNT_SOURCES[index];
    if (result.status === 'fulfilled') {
      // An answer without a total (e.g. the app's HTML for a path the API does not have yet) is unavailable.
      const total = (result.value as { total_count?: unknown } | undefined)?.total_count;
      counts[key] = { key, value: typeof total === 'number' ? total : null, failed: false };
    } else {
      const error = result.status === 'rejected' ? result.reason : null;
      const notBuilt = error instanceof ApiError && (error.status === 404 || error.status === 405);
      counts[key] = { key, value: null, failed: !notBuilt };
    }
  });
  return counts;
}

/** The dashboard's count of each list. */
export const useDashboardCounts = () =>
  useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => fetchDashboardCounts(signal) });
