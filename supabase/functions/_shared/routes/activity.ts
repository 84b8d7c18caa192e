import { Hono } from 'hono';
import { z } from 'zod';
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, type ActivityEntry } from '../contracts/activity.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { withDeal } from '../deal-scope.ts';
import { isUuid, type Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { parseOrThrow } from '../validate.ts';

const BAD_CURSOR = 'before must be the cursor of an entry of this feed.';

const query = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number({ invalid_type_error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(ACTIVITY_PAGE_MAX, `limit can be at most ${ACTIVITY_PAGE_MAX}`)
    .default(ACTIVITY_PAGE_DEFAULT),
});

/**
 * A position in the feed: the entry's timestamp as Postgres prints it (full microsecond precision,
 * which a JavaScript Date would lose) and its id, base64url-encoded.
 */
const encodeCursor = (createdAt: string, id: string) => btoa(`${createdAt}|${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export function decodeCursor(cursor: string): { at: string; id: string } {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new HttpError(400, BAD_CURSOR);
  }
  const [at, id] = text.split('|');
  if (!at || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(at)) throw new HttpError(400, BAD_CURSOR);
  return { at, id };
}

/** Entries of the deal's feed older than `after`, newest first (exported for the benchmark, run bare). */
export function activityPage(tx: Tx, dealId: string, after: { at: string; id: string } | undefined, limit: number) {
  return tx<(Omit<ActivityEntry, 'cursor'> & { position: string })[]>`
    select a.id, a.activity_type, a.description, a.metadata, a.created_at, a.created_at::text as position,
           p.first_name as user_first_name, p.last_name as user_last_name, p.email as user_email
    from public.activities a left join public.profiles p on p.id = a.user_id
    where a.deal_id = ${dealId}
      ${after ? tx`and (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : tx``}
    order by a.created_at desc, a.id desc
    limit ${limit}`;
}

/**
 * The deal's activity feed, newest first, read by keyset (created_at, id) so a deep page costs what
 * the first one does. Row-level security decides which entries the caller sees (activity about a file
 * follows the file: docs/access-model.md).
 */
export function activityRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/:dealId/activity', async (c) => {
    const rows = await withDeal(deps, c, async (tx, ctx) => {
      const { before, limit } = parseOrThrow(query, c.req.query());
      const after = before ? decodeCursor(before) : undefined;
      return activityPage(tx, ctx.dealId, after, limit);
    });
    const entries: ActivityEntry[] = rows.map(({ position, ...row }) => ({ ...row, cursor: encodeCursor(position, row.id) }));
    return c.json(entries);
  });

  return app;
}
