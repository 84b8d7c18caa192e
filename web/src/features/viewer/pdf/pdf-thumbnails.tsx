import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_GAP, pageOffsets, visiblePages, type PageSize } from './layout';
import type { PdfDocument } from './load-pdf';
import { PdfPage } from './pdf-page';

const THUMB_WIDTH = 112;
const LABEL_HEIGHT = 20;

/** The thumbnails panel: small pages, painted as they scroll into view; a click goes to the page. */
export function PdfThumbnails({
  doc,
  sizeOf,
  page,
  onPage,
}: {
  doc: PdfDocument;
  sizeOf: (page: number) => PageSize;
  page: number;
  onPage: (page: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const scale = THUMB_WIDTH / sizeOf(1).width;
  const offsets = useMemo(
    () => pageOffsets(doc.numPages, (n) => ({ ...sizeOf(n), height: sizeOf(n).height + LABEL_HEIGHT / scale }), scale),
    [doc.numPages, sizeOf, scale],
  );
  const [first, last] = visiblePages(offsets, view.top, view.height);

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
      <Stack gap={`${PAGE_GAP}px`} py={`${PAGE_GAP}px`} align="center">
        {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((n) => (
          <Box
            key={n}
            as="button"
            onClick={() => onPage(n)}
            aria-label={`Go to page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            rounded="sm"
            outline={n === page ? '2px solid' : undefined}
            outlineColor="brand.solid"
            outlineOffset="2px"
          >
            <PdfPage
              doc={doc}
              pageNumber={n}
              size={sizeOf(n)}
              scale={scale}
              paint={n >= first && n <= last}
              label={`Thumbnail of page ${n}`}
            />
            <Text textStyle="2xs" color="fg.muted" h={`${LABEL_HEIGHT - 4}px`} mt="1" textAlign="center">
              {n}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
