/** Colour choices of groups and tags (docs/product.md §3). */
export const SWATCH_COLORS = [
  '#6366F1',
  '#EC4899',
  '#10B981',
  '#F59E0B',
  '#EF4444',
  '#8B5CF6',
  '#06B6D4',
  '#84CC16',
  '#F97316',
  '#14B8A6',
] as const;

export const COLOR_NAMES: Record<string, string> = {
  '#6366F1': 'Indigo',
  '#EC4899': 'Pink',
  '#10B981': 'Green',
  '#F59E0B': 'Amber',
  '#EF4444': 'Red',
  '#8B5CF6': 'Purple',
  '#06B6D4': 'Cyan',
  '#84CC16': 'Lime',
  '#F97316': 'Orange',
  '#14B8A6': 'Teal',
};

export const GROUP_DEFAULT_COLOR = '#6366F1';
export const TAG_DEFAULT_COLOR = '#10B981';
