import type { AnalyticsPeriod } from '@contracts/analytics';

/** The period selector's choices (the deal's analytics). */
export const PERIODS = [
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['all', 'All time'],
  ['custom', 'Custom dates'],
] as const;
export type PeriodChoice = (typeof PERIODS)[number][0];
export const DEFAULT_PERIOD: PeriodChoice = '30d';

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export function isPeriodChoice(value: string | null | undefined): value is PeriodChoice {
  return PERIODS.some(([choice]) => choice === value);
}

/**
 * What the API is asked for: the last N days include today (UTC dates, as the API reads them); custom
 * dates are sent as picked, either may be empty (open-ended).
 */
export function periodQuery(choice: PeriodChoice, custom: { from?: string; to?: string }, now = new Date()): AnalyticsPeriod {
  switch (choice) {
    case '7d':
    case '30d':
    case '90d': {
      const days = Number(choice.slice(0, -1));
      return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)) };
    }
    case 'all':
      return {};
    case 'custom':
      return { from: custom.from || undefined, to: custom.to || undefined };
  }
}

/** 42 → '42s', 185 → '3m 5s', 3720 → '1h 2m', 0 → '0s'. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return minutes ? `${hours}h ${minutes}m` : `${hours}h`;
  const rest = total % 60;
  return rest ? `${minutes}m ${rest}s` : `${minutes}m`;
}

/** A bar's label for its unit: '4 Dec', 'Week of 30 Nov', 'Dec 2026'. */
export function bucketLabel(start: string, unit: 'day' | 'week' | 'month'): string {
  const at = new Date(`${start}T00:00:00Z`);
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (unit === 'month') return at.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return unit === 'week' ? `Week of ${day}` : day;
}
