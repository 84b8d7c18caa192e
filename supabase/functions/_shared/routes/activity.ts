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
  limit: z.coerce
    .number({ invalid_type_error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ACTIVITY_PAGE_MAX, `limit can be at most ${ACTIVITY_PAGE_MAX}`)
    .default(ACTIVITY_PAGE_DEFAULT),
});

/**
 * A position in the feed: the entry's timestamp as Postgres prints it (full microsecond precision,
 * which a JavaScript Date would lose) and its id, base64url-encoded; written by the database with each
 * page (activityPage), read back here; the Q&A list's keyset is the same (with its own message).
 */
export function decodeCursor(cursor: string, badCursor = BAD_CURSOR): { at: string; id: string } {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new HttpError(400, badCursor);
  }
  const [at, id] = text.split('|');
  if (!at || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(at))
    throw new HttpError(400, badCursor);
  return { at, id };
}

/**
 * Entries of the deal's feed older than `after`, newest first (exported for the benchmark, run bare):
 * the deal's own activities and its active members' sign-ins from joining until the deal was archived (recorded once per person,
 * not per deal: docs/decisions.md decision 23), each side read by its keyset index and merged.
 * Row-level security decides both; another member's sign-ins show to those who may see the deal's people.
 */
export function activityPage(tx: Tx, dealId: string, after: { at: string; id: string } | undefined, limit: number) {
  const keyset = (table: string) =>
    after ? tx`and (${tx(table)}.created_at, ${tx(table)}.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : tx``;
  return tx<ActivityEntry[]>`
    select feed.*,
           -- base64url without padding (encode() breaks lines at 76 characters: dropped too).
           rtrim(translate(encode(convert_to(feed.created_at::text || '|' || feed.id, 'UTF8'), 'base64'), E'+/\n', '-_'), '=') as cursor
    from (
      (select a.id, a.activity_type, a.description, a.metadata, a.created_at,
              p.first_name as user_first_name, p.last_name as user_last_name, p.email as user_email
       from public.activities a left join public.profiles p on p.id = a.user_id
         -- Who asked a question shows only to the asker's group and the answering side (decision 51).
         and (a.activity_type <> 'question' or private.knows_question_asker(a.deal_id, (a.metadata ->> 'question_id')::uuid))
       where a.deal_id = ${dealId} ${keyset('a')}
       order by a.created_at desc, a.id desc
       limit ${limit})
      union all
      (select s.id, 'login', case when s.times > 1 then format('Signed in %s times', s.times) else 'Signed in' end,
              jsonb_build_object('times', s.times), s.created_at,
              p.first_name, p.last_name, p.email
       from public.deal_members m
       join public.deals d on d.id = m.deal_id
       join public.sign_ins s on s.user_id = m.user_id
         -- An entry counts every sign-in within an hour of the one before, so it may have begun before
         -- the person joined: it shows when its last sign-in was a member's.
         and s.last_at >= coalesce(m.joined_at, '-infinity') and s.created_at <= coalesce(d.archived_at, 'infinity')
       left join public.profiles p on p.id = s.user_id
       where m.deal_id = ${dealId} and m.status = 'active' ${keyset('s')}
         and (${dealId} in (select private.people_deal_ids()) or s.user_id = (select auth.uid()))
       order by s.created_at desc, s.id desc
       limit ${limit})
    ) feed
    order by feed.created_at desc, feed.id desc
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
    const entries = await withDeal(
      deps,
      c,
      async (tx, ctx) => {
        const { before, limit } = parseOrThrow(query, c.req.query());
        const after = before ? decodeCursor(before) : undefined;
        return activityPage(tx, ctx.dealId, after, limit);
      },
      // By deal and keyset, whose index serves any limit (docs/decisions.md decision 65).
      'cached',
    );
    return c.json(entries);
  });

  return app;
}
