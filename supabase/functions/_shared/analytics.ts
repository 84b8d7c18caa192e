/**
 * Reads of who read what (docs/decisions.md decision 46), as the caller: row-level security on
 * public.file_views and public.file_view_pages decides whose views count (their own; every one for deal
 * admins; those of the files they can see for members holding manage_users), and the join on
 * public.files drops any file the caller cannot see.
 */
import type {
  AnalyticsPeriod,
  DealAnalytics,
  DocumentReads,
  FileViewer,
  FolderHeat,
  MemberEngagement,
} from './contracts/analytics.ts';
import { ANALYTICS_DOCUMENTS_MAX } from './contracts/analytics.ts';
import type { Tx } from './db.ts';
import { HttpError } from './errors.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;
const iso = (value: string | Date) => new Date(value).toISOString();

/** A period as half-open instants [from, until): a date `to` includes its whole (UTC) day. */
export interface Bounds {
  from: string | null;
  until: string | null;
}

function instant(raw: string | undefined, name: 'from' | 'to'): Date | null {
  if (raw === undefined || raw === '') return null;
  const value = raw.trim();
  const ok = DATE.test(value) || INSTANT.test(value);
  const at = ok ? new Date(DATE.test(value) ? `${value}T00:00:00Z` : value) : null;
  const real = at && !Number.isNaN(at.getTime()) && (!DATE.test(value) || at.toISOString().startsWith(value));
  if (!at || !real || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999) {
    throw new HttpError(400, `${name} must be a date (YYYY-MM-DD) or a time in ISO 8601 (2026-12-04T10:00:00Z).`);
  }
  if (name === 'to') return new Date(at.getTime() + (DATE.test(value) ? DAY_MS : 1));
  return at;
}

export function periodBounds(query: AnalyticsPeriod): Bounds {
  const from = instant(query.from, 'from');
  const until = instant(query.to, 'to');
  if (from && until && from >= until) throw new HttpError(400, 'from must be before to.');
  return { from: from?.toISOString() ?? null, until: until?.toISOString() ?? null };
}

/** Whether the caller may read others' views in the deal: a deal admin or a holder of manage_users. */
export async function readsViews(tx: Tx, dealId: string): Promise<boolean> {
  const [row] = await tx<{ ok: boolean }[]>`select private.has_capability(${dealId}, 'manage_users') as ok`;
  return row?.ok === true;
}

const personName = (tx: Tx) =>
  tx`coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), p.email, 'Unknown User')`;

/** Who viewed one file: how often, how long, and when last, most recent first. */
export function fileViewers(tx: Tx, dealId: string, fileId: string) {
  return tx<FileViewer[]>`
    select v.user_id, ${personName(tx)} as name, p.email, count(*)::int as views,
           coalesce(sum((select sum(pg.seconds) from public.file_view_pages pg where pg.view_id = v.id)), 0)::float8 as seconds,
           max(v.started_at) as last_viewed_at
    from public.file_views v left join public.profiles p on p.id = v.user_id
    where v.deal_id = ${dealId} and v.file_id = ${fileId}
    group by v.user_id, p.first_name, p.last_name, p.email
    order by max(v.started_at) desc`;
}

/** One person's reading of one document in the period: the rows of the CSV, and what the rest adds up. */
export interface ReadingRow {
  file_id: string;
  file_name: string;
  path: string;
  user_id: string;
  name: string;
  email: string | null;
  views: number;
  seconds: number;
  first_viewed_at: string;
  last_viewed_at: string;
}

function inPeriod(tx: Tx, bounds: Bounds) {
  return tx`${bounds.from ? tx`and v.started_at >= ${bounds.from}::timestamptz` : tx``}
            ${bounds.until ? tx`and v.started_at < ${bounds.until}::timestamptz` : tx``}`;
}

export async function readingRows(tx: Tx, dealId: string, bounds: Bounds): Promise<ReadingRow[]> {
  const rows = await tx<ReadingRow[]>`
    with r as (
      select v.file_id, v.user_id, count(*)::int as views, min(v.started_at) as first_viewed_at, max(v.started_at) as last_viewed_at,
             coalesce(sum((select sum(pg.seconds) from public.file_view_pages pg where pg.view_id = v.id)), 0)::float8 as seconds
      from public.file_views v
      where v.deal_id = ${dealId} ${inPeriod(tx, bounds)}
      group by v.file_id, v.user_id
    )
    select r.file_id, f.name as file_name, coalesce(fo.full_path, '/') as path, r.user_id, ${personName(tx)} as name, p.email,
           r.views, r.seconds, r.first_viewed_at, r.last_viewed_at
    from r
    join public.files f on f.id = r.file_id
    left join public.folders fo on fo.id = f.folder_id
    left join public.profiles p on p.id = r.user_id
    order by f.name, r.file_id, name, r.user_id`;
  return rows.map((r) => ({ ...r, first_viewed_at: iso(r.first_viewed_at), last_viewed_at: iso(r.last_viewed_at) }));
}

/** '/Finance/2024' → '/Finance'; '/' stays '/'. */
export const topFolder = (path: string) => (path === '/' ? '/' : '/' + (path.split('/').filter(Boolean)[0] ?? ''));

const latest = (a: string, b: string) => (a >= b ? a : b);

/** The chart's bar width for a period: days up to a quarter, weeks up to two years, then months. */
export function timelineUnit(from: Date, until: Date): DealAnalytics['unit'] {
  const days = (until.getTime() - from.getTime()) / DAY_MS;
  return days <= 92 ? 'day' : days <= 731 ? 'week' : 'month';
}

async function timeline(tx: Tx, dealId: string, bounds: Bounds, rows: ReadingRow[]) {
  const first = rows.reduce<string | null>((min, r) => (!min || r.first_viewed_at < min ? r.first_viewed_at : min), null);
  const from = bounds.from ?? first;
  if (!from) return { unit: 'day' as const, timeline: [] };
  const until = bounds.until ? new Date(new Date(bounds.until).getTime() - 1) : new Date();
  const unit = timelineUnit(new Date(from), until);
  const timeline = await tx<{ start: string; views: number; seconds: number }[]>`
    with b as (
      select date_trunc(${unit}, v.started_at at time zone 'UTC') as start, count(*)::int as views,
             coalesce(sum((select sum(pg.seconds) from public.file_view_pages pg where pg.view_id = v.id)), 0)::float8 as seconds
      from public.file_views v
      where v.deal_id = ${dealId} and exists (select 1 from public.files f where f.id = v.file_id) ${inPeriod(tx, bounds)}
      group by 1
    )
    select to_char(s.start, 'YYYY-MM-DD') as start, coalesce(b.views, 0)::int as views, coalesce(b.seconds, 0)::float8 as seconds
    from generate_series(date_trunc(${unit}, ${from}::timestamptz at time zone 'UTC'),
                         ${until.toISOString()}::timestamptz at time zone 'UTC', ('1 ' || ${unit})::interval) s(start)
    left join b on b.start = s.start
    order by s.start`;
  return { unit, timeline };
}

/** The deal's analytics for a period: most-read documents, members' engagement, folder heat, a timeline. */
export async function dealAnalytics(tx: Tx, dealId: string, bounds: Bounds): Promise<DealAnalytics> {
  const rows = await readingRows(tx, dealId, bounds);
  const documents = new Map<string, DocumentReads>();
  const members = new Map<string, MemberEngagement>();
  const folders = new Map<string, FolderHeat>();
  const viewed = new Map<string, Set<string>>();
  for (const r of rows) {
    const last = r.last_viewed_at;
    const doc = documents.get(r.file_id) ?? {
      file_id: r.file_id,
      name: r.file_name,
      path: r.path,
      views: 0,
      viewers: 0,
      seconds: 0,
      last_viewed_at: last,
    };
    doc.views += r.views;
    doc.viewers += 1;
    doc.seconds += r.seconds;
    doc.last_viewed_at = latest(doc.last_viewed_at, last);
    documents.set(r.file_id, doc);
    const person = members.get(r.user_id) ?? {
      user_id: r.user_id,
      name: r.name,
      email: r.email,
      documents: 0,
      views: 0,
      seconds: 0,
      last_viewed_at: last,
    };
    person.documents += 1;
    person.views += r.views;
    person.seconds += r.seconds;
    person.last_viewed_at = latest(person.last_viewed_at, last);
    members.set(r.user_id, person);
    const top = topFolder(r.path);
    const heat = folders.get(top) ?? { folder: top, views: 0, seconds: 0 };
    heat.views += r.views;
    heat.seconds += r.seconds;
    folders.set(top, heat);
    viewed.set(r.user_id, (viewed.get(r.user_id) ?? new Set()).add(r.file_id));
  }
  const docs = [...documents.values()].sort((a, b) => b.views - a.views || b.seconds - a.seconds || a.name.localeCompare(b.name));
  const { unit, timeline: bars } = await timeline(tx, dealId, bounds, rows);
  return {
    from: bounds.from,
    to: bounds.until,
    totals: {
      views: docs.reduce((n, d) => n + d.views, 0),
      viewers: members.size,
      documents: docs.length,
      seconds: docs.reduce((n, d) => n + d.seconds, 0),
    },
    documents: docs.slice(0, ANALYTICS_DOCUMENTS_MAX),
    members: [...members.values()].sort((a, b) => b.seconds - a.seconds || b.views - a.views || a.name.localeCompare(b.name)),
    folders: [...folders.values()].sort((a, b) => b.views - a.views || a.folder.localeCompare(b.folder)),
    unit,
    timeline: bars,
  };
}

/**
 * A CSV cell (RFC 4180): always quoted, quotes doubled. A text starting with =, +, -, @, tab or CR is
 * prefixed with ' so a spreadsheet does not run a file's name as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const CSV_HEADER = [
  'Document',
  'Folder',
  'Member',
  'Email',
  'Views',
  'Seconds',
  'First viewed (UTC)',
  'Last viewed (UTC)',
];

/** One row per document and member, with a header row; CRLF line ends. */
export function analyticsCsv(rows: ReadingRow[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const r of rows) {
    lines.push(
      [r.file_name, r.path, r.name, r.email, r.views, Math.round(r.seconds * 10) / 10, r.first_viewed_at, r.last_viewed_at]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
