/**
 * Search inside documents (issue 35; docs/decisions.md decision 47): GET /deals/{dealId}/search. The
 * database decides what matches and who may see it (public.search_documents, run as the caller: row-level
 * security applies); this route validates the query, pages by (rank, id) and turns ts_headline's
 * markers into plain text with highlight ranges.
 */
import { Hono } from 'hono';
import {
  SEARCH_FILE_TYPES,
  SEARCH_PAGE_SIZE,
  searchQuery,
  type SearchHit,
  type SearchResult,
  type SearchSnippet,
} from '../contracts/search.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { withDeal } from '../deal-scope.ts';
import { isUuid, type Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { parseOrThrow } from '../validate.ts';

const BAD_CURSOR = 'after must be the next_after of a page of this search.';
const START = '\u0001';
const STOP = '\u0002';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeSearchCursor(rank: string, id: string): string {
  return base64url(`${rank}|${id}`);
}

export function decodeSearchCursor(cursor: string): { rank: string; id: string } {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new HttpError(400, BAD_CURSOR);
  }
  const [rank, id] = text.split('|');
  if (!rank || !id || !isUuid(id) || !/^\d+(\.\d+)?(e-?\d+)?$/i.test(rank)) throw new HttpError(400, BAD_CURSOR);
  return { rank, id };
}

/** ts_headline's text with \x01 before and \x02 after each highlighted word, as text and ranges. */
export function snippetOf(marked: string): SearchSnippet {
  let text = '';
  const highlights: [number, number][] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === START) open = text.length;
    else if (ch === STOP) {
      if (open >= 0 && text.length > open) highlights.push([open, text.length]);
      open = -1;
    } else text += ch;
  }
  return { text: squeeze(text, highlights), highlights };
}

/** Collapses runs of white space (line breaks of the document) to one space, moving the ranges with it. */
function squeeze(text: string, highlights: [number, number][]): string {
  const map: number[] = [];
  let out = '';
  let lastSpace = true;
  for (let i = 0; i < text.length; i++) {
    map.push(out.length);
    const ch = text[i];
    if (/\s/.test(ch)) {
      if (!lastSpace) out += ' ';
      lastSpace = true;
    } else {
      out += ch;
      lastSpace = false;
    }
  }
  map.push(out.length);
  for (const range of highlights) {
    range[0] = map[range[0]];
    range[1] = map[range[1]];
  }
  return out.trimEnd();
}

export interface SearchParams {
  q: string;
  folderId?: string;
  extensions?: readonly string[];
  tag?: string;
  itemId?: string;
  approval?: string;
  from?: string;
  to?: string;
  after?: { rank: string; id: string };
  limit: number;
}

/** One page of hits (exported for the benchmark, run bare): the statement the route runs. */
export function searchStatement(tx: Tx, dealId: string, p: SearchParams) {
  return tx<(Omit<SearchHit, 'snippet' | 'uploaded_at'> & { snippet: string; rank_text: string; uploaded_at: string })[]>`
    select s.file_id, s.filename, s.folder_path, s.mime_type, s.page, s.snippet, s.rank, s.rank::text as rank_text,
           s.uploaded_at
      from public.search_documents(${dealId}, ${p.q}, ${p.folderId ?? null}, ${p.extensions ? (p.extensions as string[]) : null},
             ${p.tag ?? null}, ${p.itemId ?? null}, ${p.approval ?? null},
             ${p.from ? `${p.from}T00:00:00Z` : null}::timestamptz,
             ${p.to ? `${p.to}T00:00:00Z` : null}::timestamptz + interval '1 day',
             ${p.after?.rank ?? null}::real, ${p.after?.id ?? null}::uuid, ${p.limit}) s`;
}

export function searchRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/:dealId/search', async (c) => {
    const result = await withDeal(deps, c, async (tx, ctx): Promise<SearchResult> => {
      const query = parseOrThrow(searchQuery, c.req.query());
      const rows = await searchStatement(tx, ctx.dealId, {
        q: query.q,
        folderId: query.folder_id,
        extensions: query.type ? SEARCH_FILE_TYPES[query.type] : undefined,
        tag: query.tag,
        itemId: query.item_id,
        approval: query.approval,
        from: query.from,
        to: query.to,
        after: query.after ? decodeSearchCursor(query.after) : undefined,
        limit: SEARCH_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        hits: page.map(({ rank_text: _, snippet, ...hit }) => ({ ...hit, snippet: snippetOf(snippet) })),
        next_after: rows.length > SEARCH_PAGE_SIZE && last ? encodeSearchCursor(last.rank_text, last.file_id) : null,
      };
    });
    return c.json(result);
  });

  return app;
}
