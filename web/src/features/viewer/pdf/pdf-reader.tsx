import { Box, Flex } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { isExpiredStatus } from '../api/source-text';
import { fitWidthScale, PAGE_GAP, pageAt, pageOffsets, visiblePages, zoomStep, type PageSize } from './layout';
import type { PdfDocument } from './load-pdf';
import { PdfPage, type Highlight } from './pdf-page';
import { usePdfSearch } from './pdf-search';
import { PdfThumbnails } from './pdf-thumbnails';
import { PdfToolbar } from './pdf-toolbar';
import { usePdfKeys } from './use-pdf-keys';
import { protectProps } from '../protect';

const SIDE_PADDING = 16;

export interface PdfReaderProps {
  doc: PdfDocument;
  firstPage: PageSize;
  initialPage: number;
  /** View-only: no selection, copying or context menu on the pages (a deterrent, docs/architecture.md). */
  protect: boolean;
  onPageChange: (page: number) => void;
  /** The signed URL stopped serving (expired): the viewer asks for a fresh one. */
  onExpired: () => void;
}

/** A PDF read page by page: only pages in or near the view are painted (docs/architecture.md "The viewer"). */
export function PdfReader({ doc, firstPage, initialPage, protect, onPageChange, onExpired }: PdfReaderProps) {
  const count = doc.numPages;
  const scroller = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [sizes, setSizes] = useState<Record<number, PageSize>>({});
  const [page, setPage] = useState(() => Math.min(count, Math.max(1, initialPage)));
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const [view, setView] = useState({ top: 0, height: 0, width: 0 });
  const [thumbnails, setThumbnails] = useState(true);
  const [search, setSearch] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);

  const sizeOf = useCallback((n: number) => sizes[n] ?? firstPage, [sizes, firstPage]);
  const scale = zoom === 'fit' ? fitWidthScale(firstPage.width, view.width - 2 * SIDE_PADDING) : zoom;
  const offsets = useMemo(() => pageOffsets(count, sizeOf, scale), [count, sizeOf, scale]);
  const [first, last] = visiblePages(offsets, view.top, view.height);
  // The pages in view are drawn first; those near it and the thumbnails once one of them is (pdf.js draws
  // on this thread: ten pages at once would put off the one being read).
  const [settled, setSettled] = useState(false);
  const onSettled = useCallback(() => setSettled(true), []);
  const inView = (n: number) => n >= pageAt(offsets, view.top, 0) && n <= pageAt(offsets, view.top + view.height, 0);
  const widest = useMemo(
    () => Math.max(firstPage.width, ...Object.values(sizes).map((s) => s.width)) * scale,
    [sizes, firstPage, scale],
  );

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
  }, []);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, thumbnails]);

  const pageRef = useRef(page);
  pageRef.current = page;
  const scrollToPage = useCallback(
    (n: number, within = 0) => {
      const el = scroller.current;
      if (el) el.scrollTop = Math.max(0, (offsets[n - 1] ?? 0) + within - PAGE_GAP / 2);
    },
    [offsets],
  );

  // The page being read stays in view when the zoom (or the width, under fit width) changes, and on opening.
  useLayoutEffect(() => {
    scrollToPage(pageRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of scale moves the view
  }, [scale]);

  const goTo = useCallback(
    (n: number, within = 0) => {
      const target = Math.min(count, Math.max(1, n));
      setPage(target);
      scrollToPage(target, within);
    },
    [count, scrollToPage],
  );

  /** To a search match: its page, scrolled so the matched text sits in the upper third of the view. */
  const goToMatch = useCallback(
    (m: { page: number; rect: number[] | null }) => {
      const top = m.rect ? (sizeOf(m.page).height - m.rect[3]) * scale : 0;
      goTo(m.page, Math.max(0, top - (scroller.current?.clientHeight ?? 0) / 4));
    },
    [goTo, sizeOf, scale],
  );

  useEffect(() => onPageChange(page), [page, onPageChange]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
    const atEnd = el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    const current = atEnd ? count : pageAt(offsets, el.scrollTop, el.clientHeight);
    if (current !== page) setPage(current);
  };

  const zoomBy = useCallback((direction: 1 | -1) => setZoom(zoomStep(scale, direction)), [scale]);
  const fit = useCallback(() => setZoom('fit'), []);

  // Search: the first match is shown as soon as it is found; Enter and the arrows go through the others.
  const query = useDebouncedValue(search, 250);
  const found = usePdfSearch(doc, query);
  const matches = found.matches;
  const current = matches.length ? Math.min(matchIndex, matches.length - 1) : -1;
  const shownFor = useRef('');
  useEffect(() => {
    if (matches.length > 0 && shownFor.current !== found.query) {
      shownFor.current = found.query;
      setMatchIndex(0);
      goToMatch(matches[0]);
    }
  }, [matches, found.query, goToMatch]);
  const onMatch = (direction: 1 | -1) => {
    if (!matches.length) return;
    const next = (current + direction + matches.length) % matches.length;
    setMatchIndex(next);
    goToMatch(matches[next]);
  };
  const match = current >= 0 ? matches[current] : undefined;
  const highlight = useMemo<Highlight | null>(() => (match?.rect ? { rect: match.rect } : null), [match]);

  usePdfKeys({
    onPage: (delta) => goTo(pageRef.current + delta),
    onEdge: (end) => goTo(end ? count : 1),
    onZoom: zoomBy,
    onFit: fit,
    onFind: () => searchRef.current?.focus(),
  });

  const onSize = useCallback((n: number, size: PageSize) => {
    setSizes((known) =>
      known[n]?.width === size.width && known[n]?.height === size.height
        ? known
        : { ...known, [n]: { width: size.width, height: size.height } },
    );
  }, []);
  const onFailed = useCallback(
    (status: number | null) => {
      if (status !== null && isExpiredStatus(status)) onExpired();
    },
    [onExpired],
  );

  const shown: number[] = [];
  for (let n = first; n <= last; n += 1) shown.push(n);

  return (
    <Flex direction="column" h="full" minH="0">
      <PdfToolbar
        page={page}
        pageCount={count}
        onPage={goTo}
        scale={scale}
        fit={zoom === 'fit'}
        onZoom={zoomBy}
        onFit={fit}
        thumbnails={thumbnails}
        onThumbnails={() => setThumbnails((open) => !open)}
        search={search}
        onSearch={setSearch}
        searchInfo={{ count: matches.length, current, done: found.done }}
        onMatch={onMatch}
        searchRef={searchRef}
      />
      <Flex flex="1" minH="0">
        {thumbnails && <PdfThumbnails doc={doc} sizeOf={sizeOf} page={page} onPage={goTo} paint={settled} />}
        <Box
          ref={scroller}
          flex="1"
          minW="0"
          overflow="auto"
          bg="bg.muted"
          onScroll={onScroll}
          tabIndex={0}
          aria-label="Document pages"
          data-testid="pdf-scroller"
          {...protectProps(protect)}
        >
          <Box position="relative" h={`${offsets[count]}px`} minW={`${Math.ceil(widest) + 2 * SIDE_PADDING}px`}>
            {shown.map((n) => (
              <Box
                key={n}
                position="absolute"
                top={`${offsets[n - 1]}px`}
                left="0"
                right="0"
                display="flex"
                justifyContent="center"
              >
                <PdfPage
                  doc={doc}
                  pageNumber={n}
                  size={sizeOf(n)}
                  scale={scale}
                  paint={settled || inView(n)}
                  highlight={match?.page === n ? highlight : null}
                  label={`Page ${n}`}
                  onSize={onSize}
                  onFailed={onFailed}
                  onSettled={onSettled}
                />
              </Box>
            ))}
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
}
