import { useEffect, useState } from 'react';
import { itemRect } from './pdf-page';
import type { PdfDocument, PdfTextItem } from './load-pdf';

/** One occurrence of the searched text: its page and the rectangle of the text item where it starts. */
export interface SearchMatch {
  page: number;
  rect: number[] | null;
}

const fold = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ');

/**
 * Where `query` occurs in a page's text items (case and runs of white space ignored; a match may span
 * items): the index of the item each match starts in.
 */
export function findInItems(items: PdfTextItem[], query: string): number[] {
  const needle = fold(query.trim());
  if (!needle) return [];
  let text = '';
  const owner: number[] = [];
  items.forEach((item, index) => {
    const piece = fold(item.str ?? '');
    for (let i = 0; i < piece.length; i += 1) owner.push(index);
    text += piece;
  });
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(owner[at]);
  return found;
}

const textCache = new WeakMap<PdfDocument, Map<number, Promise<PdfTextItem[]>>>();

/** A page's text items, read once per open document. */
export function pageText(doc: PdfDocument, page: number): Promise<PdfTextItem[]> {
  let pages = textCache.get(doc);
  if (!pages) textCache.set(doc, (pages = new Map()));
  let items = pages.get(page);
  if (!items) {
    items = doc
      .getPage(page)
      .then((p) => p.getTextContent())
      .then((content) => content.items as PdfTextItem[]);
    pages.set(page, items);
  }
  return items;
}

export interface SearchState {
  query: string;
  matches: SearchMatch[];
  /** Every page has been searched. */
  done: boolean;
}

/** Searches the document page by page; matches appear as pages are read (a long document answers early). */
export function usePdfSearch(doc: PdfDocument | undefined, query: string): SearchState {
  const [state, setState] = useState<SearchState>({ query: '', matches: [], done: true });

  useEffect(() => {
    const wanted = query.trim();
    if (!doc || !wanted) return;
    let live = true;
    void (async () => {
      const matches: SearchMatch[] = [];
      setState({ query: wanted, matches: [], done: false });
      for (let page = 1; page <= doc.numPages && live; page += 1) {
        try {
          const items = await pageText(doc, page);
          for (const index of findInItems(items, wanted)) matches.push({ page, rect: itemRect(items[index]) });
        } catch {
          /* a page that cannot be read has no matches */
        }
        if (live && (page % 10 === 0 || page === doc.numPages)) {
          setState({ query: wanted, matches: [...matches], done: page === doc.numPages });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [doc, query]);

  return query.trim() && state.query === query.trim() ? state : { query: query.trim(), matches: [], done: !query.trim() };
}
