import { Box } from '@chakra-ui/react';
import { memo, useEffect, useRef, useState } from 'react';
import type { PageSize } from './layout';
import { failedStatus, type PdfDocument, type PdfTextItem } from './load-pdf';

/** A canvas holds at most this many pixels (large zooms on dense screens would exhaust memory). */
const MAX_CANVAS_PIXELS = 16_777_216;

export interface Highlight {
  /** The matched text item's rectangle in PDF space: [x1, y1, x2, y2]. */
  rect: number[];
}

/**
 * The rectangle of a text item in PDF space, from its transform and size: the box around the run of text,
 * turned as the text is (a diagonal watermark gets the box that holds it), with room for descenders.
 */
export function itemRect(item: PdfTextItem): number[] | null {
  const t = item.transform;
  if (!t || t.length < 6) return null;
  const [a, b, c, d, e, f] = t;
  const along = Math.hypot(a, b) || 1;
  const across = Math.hypot(c, d) || 1;
  const [ux, uy, vx, vy] = [a / along, b / along, c / across, d / across];
  const width = item.width ?? 0;
  const height = item.height || across;
  const x0 = e - vx * height * 0.25;
  const y0 = f - vy * height * 0.25;
  const up = height * 1.25;
  const xs = [x0, x0 + ux * width, x0 + vx * up, x0 + ux * width + vx * up];
  const ys = [y0, y0 + uy * width, y0 + vy * up, y0 + uy * width + vy * up];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * One page of the document: a placeholder of the page's size, and a canvas only while `paint` is true (the
 * page is in or near the view). The canvas is drawn at the screen's pixel density.
 */
export const PdfPage = memo(function PdfPage({
  doc,
  pageNumber,
  size,
  scale,
  paint,
  highlight,
  label,
  onSize,
  onFailed,
  onSettled,
}: {
  doc: PdfDocument;
  pageNumber: number;
  size: PageSize;
  scale: number;
  paint: boolean;
  highlight?: Highlight | null;
  label: string;
  onSize?: (pageNumber: number, size: PageSize) => void;
  onFailed?: (status: number | null) => void;
  /** The page was drawn, or could not be. */
  onSettled?: (pageNumber: number) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState<string | null>(null);
  const [box, setBox] = useState<number[] | null>(null);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const key = `${scale}`;

  useEffect(() => {
    if (!paint) return;
    let live = true;
    let cancel: (() => void) | null = null;
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (!live) return;
        const natural = page.getViewport({ scale: 1 });
        if (natural.width !== size.width || natural.height !== size.height) onSize?.(pageNumber, natural);
        const viewport = page.getViewport({ scale });
        const canvas = canvasRef.current;
        const context = canvas?.getContext('2d');
        if (!canvas || !context) return;
        const density = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
        canvas.width = Math.floor(viewport.width * density);
        canvas.height = Math.floor(viewport.height * density);
        const task = page.render({
          canvas,
          canvasContext: context,
          viewport,
          transform: density !== 1 ? [density, 0, 0, density, 0, 0] : undefined,
        });
        cancel = () => task.cancel();
        return task.promise.then(() => {
          if (!live) return;
          setRendered(key);
          onSettled?.(pageNumber);
        });
      })
      .catch((error: unknown) => {
        if (!live || (error as { name?: string })?.name === 'RenderingCancelledException') return;
        onSettled?.(pageNumber);
        onFailed?.(failedStatus(error));
      });
    return () => {
      live = false;
      cancel?.();
    };
  }, [doc, pageNumber, scale, paint, key, size.width, size.height, onSize, onFailed, onSettled]);

  useEffect(() => {
    if (!highlight) return;
    let live = true;
    void doc
      .getPage(pageNumber)
      .then((page) => {
        if (live) setBox(normalise(page.getViewport({ scale }).convertToViewportRectangle(highlight.rect)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
      setBox(null);
    };
  }, [doc, pageNumber, scale, highlight]);

  return (
    <Box
      position="relative"
      w={`${width}px`}
      h={`${height}px`}
      maxW="none"
      mx="auto"
      bg="white"
      boxShadow="sm"
      flexShrink={0}
      overflow="hidden"
      data-testid="pdf-page"
      data-page={pageNumber}
      data-rendered={paint && rendered === key ? 'true' : undefined}
      aria-label={label}
      role="img"
    >
      {paint && <canvas ref={canvasRef} style={{ width: '100%', height: '100%', display: 'block' }} />}
      {paint && box && (
        <Box
          position="absolute"
          left={`${box[0]}px`}
          top={`${box[1]}px`}
          w={`${box[2] - box[0]}px`}
          h={`${box[3] - box[1]}px`}
          bg="yellow.300/25"
          outline="2px solid"
          outlineColor="orange.400"
          pointerEvents="none"
          data-testid="search-highlight"
        />
      )}
    </Box>
  );
});

function normalise(rect: number[]): number[] {
  const [x1, y1, x2, y2] = rect;
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}
