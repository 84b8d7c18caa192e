/**
 * Where each page of a PDF sits in the scrolling column, from page sizes alone: which page is in view and
 * which are near enough to paint are sums, not measurements, so only those pages get a canvas.
 */
export interface PageSize {
  width: number;
  height: number;
}

/** Space above the first page and between pages, in CSS pixels. */
export const PAGE_GAP = 12;

/** Top of each page (CSS px) at `scale`; pages of unknown size take the first page's. */
export function pageOffsets(count: number, sizeOf: (page: number) => PageSize, scale: number): number[] {
  const offsets: number[] = [];
  let y = PAGE_GAP;
  for (let page = 1; page <= count; page += 1) {
    offsets.push(y);
    y += Math.round(sizeOf(page).height * scale) + PAGE_GAP;
  }
  offsets.push(y); // the column's full height
  return offsets;
}

/** The page a reader is on: the last one whose top has passed a third of the way down the view. */
export function pageAt(offsets: number[], scrollTop: number, viewHeight: number): number {
  const line = scrollTop + viewHeight / 3;
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (offsets[mid] <= line) low = mid;
    else high = mid - 1;
  }
  return Math.max(1, low + 1);
}

/** Pages to paint: those in view, and one view's height above and below (first and last page numbers). */
export function visiblePages(offsets: number[], scrollTop: number, viewHeight: number): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [1, 0];
  const first = pageAt(offsets, scrollTop - viewHeight, 0);
  const last = pageAt(offsets, scrollTop + 2 * viewHeight, 0);
  return [Math.max(1, first), Math.min(count, Math.max(first, last))];
}

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
const STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

/** The next zoom step up or down from `scale`. */
export function zoomStep(scale: number, direction: 1 | -1): number {
  if (direction > 0) return STEPS.find((s) => s > scale + 0.001) ?? MAX_SCALE;
  return [...STEPS].reverse().find((s) => s < scale - 0.001) ?? MIN_SCALE;
}

/** The scale at which a page of `pageWidth` fills `available` CSS pixels. */
export function fitWidthScale(pageWidth: number, available: number): number {
  if (pageWidth <= 0 || available <= 0) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, available / pageWidth));
}
