/** How the section's item rows look (see item-row.tsx): one stylesheet for all rows of a section. */

/** A stroke icon as a CSS mask (Lucide's paths): no DOM and no component per row. */
function maskIcon(paths: string[]): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${paths
    .map((d) => `<path d='${d}'/>`)
    .join('')}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const ICONS = {
  file: maskIcon([
    'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z',
    'M14 2v5a1 1 0 0 0 1 1h5',
    'M10 9H8',
    'M16 13H8',
    'M16 17H8',
  ]),
  pencil: maskIcon([
    'M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z',
    'm15 5 4 4',
  ]),
  trash: maskIcon([
    'M10 11v6',
    'M14 11v6',
    'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6',
    'M3 6h18',
    'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
  ]),
};

/**
 * Item rows are plain elements styled once by the section (no component per badge or button), so a
 * section of hundreds of items renders quickly; the browser skips laying out rows out of view.
 */
export const ROWS_CSS = {
  '& .cl-row': {
    display: 'grid',
    gridTemplateColumns: { base: '40px minmax(0, 1fr) auto', lg: '52px minmax(0, 1fr) 120px 80px 150px 112px' },
    gridTemplateAreas: {
      base: '"code main main" ". meta actions"',
      lg: '"code main status files approval actions"',
    },
    alignItems: 'center',
    columnGap: '3',
    rowGap: '1.5',
    px: '4',
    py: '2.5',
    borderTopWidth: '1px',
    borderColor: 'border.muted',
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 56px',
    _hover: { bg: 'bg.subtle' },
  },
  '& [role=listitem]:first-of-type > .cl-row': { borderTopWidth: 0 },
  '& .cl-code': {
    gridArea: 'code',
    alignSelf: { base: 'start', lg: 'center' },
    pt: { base: '0.5', lg: '0' },
    fontFamily: 'mono',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .cl-main': { gridArea: 'main', minWidth: 0 },
  '& .cl-title': { display: 'flex', alignItems: { base: 'flex-start', lg: 'center' }, gap: '2', minWidth: 0 },
  '& .cl-name': {
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
    whiteSpace: { base: 'normal', lg: 'nowrap' },
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    _hover: { color: 'brand.fg', textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', borderRadius: 'xs' },
  },
  '& .cl-desc': {
    fontSize: 'xs',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    mt: '0.5',
  },
  '& .cl-meta': { display: { base: 'flex', lg: 'contents' }, gridArea: 'meta', flexWrap: 'wrap', gap: '2', alignItems: 'center' },
  '& .cl-status': { gridArea: 'status' },
  '& .cl-files': {
    gridArea: 'files',
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontSize: 'xs',
    color: 'fg.muted',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  '& .cl-files[data-tone=met]': { color: 'green.fg', fontWeight: 'medium' },
  '& .cl-files[data-tone=partial]': { color: 'fg' },
  '& .cl-approval': { gridArea: 'approval' },
  '& .cl-pill': {
    display: 'inline-flex',
    alignItems: 'center',
    justifySelf: 'start',
    height: '5',
    px: '2',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    lineHeight: '1',
  },
  '& .cl-pill[data-tone=blue]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& .cl-pill[data-tone=green]': { bg: 'green.subtle', color: 'green.fg' },
  '& .cl-pill[data-tone=gray]': { bg: 'gray.subtle', color: 'gray.fg' },
  '& .cl-pill[data-variant=outline]': { bg: 'transparent', boxShadow: 'inset 0 0 0 1px currentColor' },
  '& .cl-pill[data-variant=outline][data-tone=gray]': {
    color: 'fg.muted',
    boxShadow: 'inset 0 0 0 1px var(--chakra-colors-border-emphasized)',
  },
  '& .cl-pill[data-tone=orange]': { color: 'orange.fg' },
  '& .cl-pill[data-tone=required]': {
    bg: 'red.subtle',
    color: 'red.fg',
    height: '4.5',
    px: '1.5',
    fontSize: '2xs',
    fontWeight: 'semibold',
    flexShrink: 0,
  },
  '& .cl-ico': {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    flexShrink: 0,
    bg: 'currentColor',
    maskSize: 'contain',
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
  },
  '& .cl-ico[data-icon=file]': { maskImage: ICONS.file, width: '13px', height: '13px' },
  '& .cl-ico[data-icon=pencil]': { maskImage: ICONS.pencil },
  '& .cl-ico[data-icon=trash]': { maskImage: ICONS.trash },
  '& .cl-actions': { gridArea: 'actions', display: 'flex', justifyContent: 'flex-end', gap: '1' },
  '& .cl-btn': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    height: '7',
    minWidth: '7',
    px: '1.5',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted', color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing' },
  },
  '& .cl-btn[data-action=update]': { borderWidth: '1px', borderColor: 'border', px: '2.5', color: 'fg' },
  '& .cl-btn[data-action=delete]:hover': { color: 'red.fg', bg: 'red.subtle' },
} as const;
