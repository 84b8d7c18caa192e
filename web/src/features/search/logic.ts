/**
 * What the search page keeps in its URL (so a search can be shared, and the data room can open one) and
 * how a snippet becomes text with marked words: the API sends plain text and ranges, rendered as text.
 */
import type { SearchSnippet } from '@contracts/search';

export const FILTER_KEYS = ['folder_id', 'type', 'tag', 'item_id', 'approval', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type SearchFilters = Partial<Record<FilterKey, string>>;

/** The filters the URL holds, empty values left out. */
export function filtersFrom(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The URL's parameters with one filter (or the query) set, or removed when empty. */
export function withParam(params: URLSearchParams, key: FilterKey | 'q', value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value && value.trim()) next.set(key, value);
  else next.delete(key);
  return next;
}

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/** The snippet cut at its highlight ranges (ranges out of order, overlapping or out of bounds are ignored). */
export function snippetParts(snippet: SearchSnippet): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  const ranges = [...snippet.highlights].sort((a, b) => a[0] - b[0]);
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > snippet.text.length) continue;
    if (start > at) parts.push({ text: snippet.text.slice(at, start), marked: false });
    parts.push({ text: snippet.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), marked: false });
  return parts;
}

export const TYPE_LABELS: Record<string, string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
  powerpoint: 'PowerPoint',
  image: 'Images',
  text: 'Text',
};
