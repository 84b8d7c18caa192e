import { QueryCache, QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, errorDetail, isAbortError } from './api/client';
import { notify } from './toast';

/**
 * What a query tells the one place that reports failed reads (docs/architecture.md "Web data layer"):
 * a query with `meta.errorTitle` gets that toast, with the server's detail, once per failed fetch;
 * statuses in `meta.quietStatuses` (say 404, which the screen shows as a state) get none.
 */
export interface ReadMeta extends Record<string, unknown> {
  errorTitle?: string;
  quietStatuses?: readonly number[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ReadMeta;
  }
}

/** The toast a failed read gets: the only place the web app reports one (queries declare `meta.errorTitle`). */
export function reportFailedRead(error: unknown, meta: ReadMeta | undefined): void {
  const title = meta?.errorTitle;
  if (!title || isAbortError(error)) return;
  if (error instanceof ApiError && meta?.quietStatuses?.includes(error.status)) return;
  notify.error(title, errorDetail(error, '') || undefined);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailedRead(error, query.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not fix themselves; anything else gets one more try.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          if (error instanceof ApiError && error.kind === 'timeout') return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** Forgets every cached read: a sign-in or sign-out must not show the previous person's data. */
export function useClearServerState(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.clear(), [queryClient]);
}

/** How many reads are in flight, asked when wanted (not a render's state): for work that waits for a screen's data. */
export function useReadsInFlight(): () => number {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.isFetching(), [queryClient]);
}
