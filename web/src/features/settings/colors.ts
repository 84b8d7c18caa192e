/** Preferred colour options (docs/product.md §3). */
export const PROFILE_COLORS = [
  { name: 'Blue', value: '#3B82F6' },
  { name: 'Green', value: '#10B981' },
  { name: 'Purple', value: '#8B5CF6' },
  { name: 'Red', value: '#EF4444' },
  { name: 'Orange', value: '#F59E0B' },
  { name: 'Pink', value: '#EC4899' },
  { name: 'Indigo', value: '#6366F1' },
  { name: 'Teal', value: '#14B8A6' },
] as const;

export const DEFAULT_PROFILE_COLOR = '#3B82F6';

export function colorName(value: string | null | undefined): string {
  const match = PROFILE_COLORS.find((c) => c.value.toLowerCase() === (value ?? '').toLowerCase());
  return match?.name ?? value ?? 'Blue';
}
