import { Box, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_GAP, pageOffsets, visiblePages, type PageSize } from './layout';
import type { PdfDocument } from './load-pdf';
import { PdfPage } from './pdf-page';

const THUMB_WIDTH = 112;
const LABEL_HEIGHT = 20;

/**
 * The thumbnails panel: small pages, painted as they scroll into view; a click goes to the page. Only the
 * thumbnails in or near the view are in the document at all, as in the reading column: a 300-page PDF
 * otherwise builds 900 elements before its first page paints.
 */
export function PdfThumbnails({
  doc,
  sizeOf,
  page,
  onPage,
  paint,
}: {
  doc: PdfDocument;
  sizeOf: (page: number) => PageSize;
  page: number;
  onPage: (page: number) => void;
  /** Thumbnails are drawn once the page being read is. */
  paint: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const scale = THUMB_WIDTH / sizeOf(1).width;
  const offsets = useMemo(
    () => pageOffsets(doc.numPages, (n) => ({ ...sizeOf(n), height: sizeOf(n).height + LABEL_HEIGHT / scale }), scale),
    [doc.numPages, sizeOf, scale],
  );
  const [first, last] = visiblePages(offsets, view.top, view.height);
  const shown: number[] = [];
  for (let n = first; n <= last; n += 1) shown.push(n);

  // The page being read stays in sight in the panel.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const top = offsets[page - 1] ?? 0;
    if (top < el.scrollTop || top + 80 > el.scrollTop + el.clientHeight) el.scrollTop = top - PAGE_GAP;
  }, [page, offsets]);

  return (
    <Box
      ref={scroller}
      as="nav"
      aria-label="Thumbnails"
      w="40"
      flexShrink={0}
      overflowY="auto"
      borderRightWidth="1px"
      bg="bg.subtle"
      display={{ base: 'none', md: 'block' }}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <Box position="relative" h={`${offsets[doc.numPages]}px`}>
        {shown.map((n) => (
          <Box key={n} position="absolute" top={`${offsets[n - 1]}px`} left="0" right="0" display="flex" justifyContent="center">
            <Box
              as="button"
              onClick={() => onPage(n)}
              aria-label={`Go to page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              rounded="sm"
              outline={n === page ? '2px solid' : undefined}
              outlineColor="brand.solid"
              outlineOffset="2px"
            >
              <PdfPage doc={doc} pageNumber={n} size={sizeOf(n)} scale={scale} paint={paint} label={`Thumbnail of page ${n}`} />
              <Text textStyle="2xs" color="fg.muted" h={`${LABEL_HEIGHT - 4}px`} mt="1" textAlign="center">
                {n}
              </Text>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
