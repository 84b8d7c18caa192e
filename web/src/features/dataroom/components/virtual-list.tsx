import { Box } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows on either side of the visible window, so a quick scroll does not show blanks. */
const OVERSCAN = 8;
/** Used until the container is measured (and where nothing can be measured, e.g. jsdom). */
const FALLBACK_VIEWPORT = 800;

/** The rows to render for a scroll position: only the visible ones plus the overscan. */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan = OVERSCAN,
): { start: number; end: number } {
  if (count <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end };
}

/**
 * A windowed list of fixed-height rows: however long the list, only the rows in view are in the DOM.
 * Short lists take their natural height; long ones scroll inside a box that fills the window.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  maxHeight = 'calc(100vh - 372px)',
  minHeight = '360px',
  label,
  onNearEnd,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  /** Called when the rendered window comes within a screenful of the last row (to load the next page). */
  onNearEnd?: () => void;
  maxHeight?: string;
  minHeight?: string;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const frame = useRef<number | null>(null);

  const measure = useCallback(() => {
    const height = ref.current?.clientHeight;
    if (height && height > 0) setViewport(height);
  }, []);

  useEffect(() => {
    measure();
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(ref.current?.scrollTop ?? 0);
    });
  };

  const total = count * rowHeight;
  const { start, end } = visibleRange(count, rowHeight, scrollTop, viewport);
  const nearEnd = end >= count - Math.ceil(viewport / rowHeight);
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, count]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    rows.push(
      <Box
        key={index}
        role="listitem"
        aria-setsize={count}
        aria-posinset={index + 1}
        position="absolute"
        top={`${index * rowHeight}px`}
        left="0"
        right="0"
        h={`${rowHeight}px`}
      >
        {renderRow(index)}
      </Box>,
    );
  }

  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      overflowY="auto"
      maxH={`max(${maxHeight}, ${minHeight})`}
      position="relative"
      role="list"
      aria-label={label}
      data-testid="virtual-list"
    >
      <Box position="relative" h={`${total}px`}>
        {rows}
      </Box>
    </Box>
  );
}
