/** Formatting shared by every screen. */

export interface NamedPerson {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/**
 * Display name of the header greeting (docs/product.md §2): first and last name; else whichever exists;
 * else the e-mail; else 'Unknown User'.
 */
export function displayName(person: NamedPerson | null | undefined): string {
  const first = person?.first_name?.trim() ?? '';
  const last = person?.last_name?.trim() ?? '';
  if (first && last) return `${first} ${last}`;
  if (first || last) return first || last;
  const email = person?.email?.trim();
  if (email) return email;
  return 'Unknown User';
}

/**
 * Author of an activity line or a comment, which carries user_first_name / user_last_name / user_email.
 * With none of them the author's account was deleted (their history stays, by nobody).
 */
export function activityAuthor(activity: {
  user_first_name?: string | null;
  user_last_name?: string | null;
  user_email?: string | null;
}): string {
  if (!activity.user_first_name?.trim() && !activity.user_last_name?.trim() && !activity.user_email?.trim())
    return 'Deleted user';
  return displayName({
    first_name: activity.user_first_name,
    last_name: activity.user_last_name,
    email: activity.user_email,
  });
}

export function initials(person: NamedPerson | null | undefined): string {
  const first = person?.first_name?.trim() ?? '';
  const last = person?.last_name?.trim() ?? '';
  if (first || last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return (person?.email?.charAt(0) ?? '?').toUpperCase();
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export type DateInput = string | number | Date | null | undefined;

/** The date a value names, or null for none or an invalid one. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/**
 * Relative time of activities (docs/product.md §9): 'Just now' under 60 seconds, then minutes, hours, and days
 * up to 6 days, then a date.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '—';
  const { unit, count } = elapsed(date, now);
  if (unit === 'second') return 'Just now';
  if (unit === 'day' && count > 6) return formatDate(date);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** How long before `now` a date was, in whole seconds under a minute, minutes under an hour, hours under a day, else days. */
export function elapsed(date: Date, now: Date): { unit: 'second' | 'minute' | 'hour' | 'day'; count: number } {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return { unit: 'second', count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minute', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.floor(hours / 24) };
}

/** File sizes in B, KB, MB, GB or TB (docs/product.md §9). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Sizes in the upload lists: megabytes with 2 decimals (docs/product.md §9), whatever the size; a file
 * that is not empty never reads "0.00 MB" (it rounds up to 0.01 MB).
 */
export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return '—';
  const megabytes = bytes / (1024 * 1024);
  return `${(bytes > 0 ? Math.max(0.01, megabytes) : 0).toFixed(2)} MB`;
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
