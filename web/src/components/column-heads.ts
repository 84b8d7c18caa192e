/**
 * The row of column names above a hand-built list (small, bold, muted capitals on the subtle background):
 * one look for the data room, a file's permissions and a deal's members. Spread on the row's Grid or HStack.
 */
export const COLUMN_HEADS = {
  bg: 'bg.subtle',
  textStyle: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
} as const;

/** Column names that stay in view while the list below them scrolls. */
export const STICKY_COLUMN_HEADS = { ...COLUMN_HEADS, position: 'sticky', top: '0', zIndex: '1' } as const;
