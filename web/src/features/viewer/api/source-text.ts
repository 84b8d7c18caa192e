import { useQuery } from '@tanstack/react-query';
import { viewerKeys } from './keys';

/** A source URL that no longer serves: expired (403, 410) or gone with the right to view (404). */
export class SourceUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`The document could not be loaded (${status})`);
    this.name = 'SourceUnavailableError';
  }
}

/** Statuses of a signed source URL that mean "ask the viewer answer for a fresh URL". */
export const isExpiredStatus = (status: number) => status === 403 || status === 404 || status === 410;

/**
 * The text behind a signed source URL (text and CSV documents). The URL carries its own authorisation, so no
 * token is sent with it.
 */
export async function fetchSourceText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new SourceUnavailableError(response.status);
  return response.text();
}

export const useSourceText = (url: string | null) =>
  useQuery({
    queryKey: viewerKeys.text(url ?? ''),
    queryFn: ({ signal }) => fetchSourceText(url ?? '', signal),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
