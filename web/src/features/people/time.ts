import { elapsed, formatDate, toDate, type DateInput } from '../../lib/format';

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` in local time (DST-safe). */
export function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / DAY_MS);
}

/** User last active (docs/product.md §9): 'Never', 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' under 30 days, then a date. */
export function formatLastActive(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'Never';
  const { unit, count } = elapsed(date, now);
  if (unit === 'second') return 'Just now';
  if (unit === 'day' && count >= 30) return formatDate(date);
  // 'm', 'h' or 'd'.
  return `${count}${unit[0]} ago`;
}

/** Invitation age (docs/product.md §9): 'Today', 'Yesterday', 'N days ago' under 7 days, then a date. */
export function formatInvitationAge(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '—';
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(date);
}

/** Invitation expiry (docs/product.md §4): 'Expired', 'Expires today', 'Expires tomorrow', else 'Expires in N days'. */
export function formatExpiry(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '—';
  if (date.getTime() <= now.getTime()) return 'Expired';
  const days = calendarDaysBetween(now, date);
  if (days <= 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  return `Expires in ${days} days`;
}

export function isExpired(value: DateInput, now: Date = new Date()): boolean {
  const date = toDate(value);
  return Boolean(date && date.getTime() <= now.getTime());
}
