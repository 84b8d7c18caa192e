import { type Context, Hono } from 'hono';
import {
  reviewBulkBody,
  reviewQueueQuery,
  type ReviewBulkResult,
  type ReviewQueueQuery,
  type ReviewRow,
} from '../contracts/review.ts';
import type { Paged } from '../contracts/common.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { withDeal, type DealContext } from '../deal-scope.ts';
import type { Tx } from '../db.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { parseOrThrow, readJson } from '../validate.ts';

type Decision = 'approved' | 'changes_requested';

/**
 * One decision on one id, in its own savepoint: a file of the deal the caller sees, or a checklist item
 * of the deal. The database decides who may (the approval trigger on files, the insert policy and the
 * pending-only trigger on checklist approvals); anything refused, unknown or of another deal is a
 * failure that leaves nothing behind.
 */
async function decideOne(tx: Tx, ctx: DealContext, id: string, decision: Decision, note: string | null): Promise<boolean> {
  try {
    return (await tx.savepoint(async (sp) => {
      const files = await sp`
        update public.files set approval_status = ${decision}, approval_note = ${note}
        where id = ${id} and deal_id = ${ctx.dealId} and upload_state = 'ready' and archived_at is null
          and approval_status <> ${decision}
        returning id`;
      if (files.length) return true;
      const [item] = await sp`select approval_status from public.checklist_items where id = ${id} and deal_id = ${ctx.dealId}`;
      if (!item) return false;
      await sp`insert into public.checklist_approvals (item_id, deal_id, decision, note, decided_by)
               values (${id}, ${ctx.dealId}, ${decision}, ${note}, ${ctx.userId})`;
      return true;
    })) as boolean;
  } catch (err) {
    // A refusal fails this id only; a database that went away fails the request (503).
    if (isDatabaseUnavailable(err)) throw err;
    return false;
  }
}

/**
 * One page of the queue under the filters, with the total in each row (total_count). Run as the caller,
 * row-level security leaves out the files they cannot see: from the rows, the counts and each item's
 * connected files. Exported for the benchmark, which runs it bare.
 */
export function reviewQueueRows(tx: Tx, dealId: string, q: ReviewQueueQuery) {
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const wantFiles = q.kind !== 'items';
  const wantItems = q.kind !== 'files';
  // 'awaiting' is the screen's default: for files, the one "pending review" of decision 36.
  const awaiting = q.status === 'awaiting';
  const statuses = q.status === 'all' ? null : awaiting ? ['pending', 'review'] : [q.status];
  const order =
    q.sort === 'name'
      ? tx`lower(coalesce(name, title)), id`
      : q.sort === 'completeness'
        ? tx`completeness asc nulls last, lower(coalesce(name, title)), id`
        : tx`updated_at desc, id`;
  return tx`
    with linked as (
      -- Connected files per item, counted in one pass over the files the caller sees.
      select u.item_id, count(*)::int as actual
      from public.files f cross join lateral unnest(f.checklist_items) u(item_id)
      where ${wantItems} and f.deal_id = ${dealId} and f.upload_state = 'ready' and f.archived_at is null
      group by u.item_id
    ), queue as (
      select 'file' as kind, f.id, f.name, null::text as title, null::text as item_id, f.approval_status as status,
             null::uuid as category_id, null::text as category, null::boolean as required,
             null::int as actual_file_count, null::int as anticipated_file_count, null::float8 as completeness,
             f.file_type, f.size_bytes::float8 as size_bytes,
             coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email) as uploaded_by,
             f.updated_at
      from public.files f left join public.profiles p on p.id = f.uploaded_by
      where ${wantFiles} and f.deal_id = ${dealId} and f.upload_state = 'ready' and f.archived_at is null
        and (${awaiting} and private.file_pending_review(f)
             or not ${awaiting} and (${statuses}::text[] is null or f.approval_status = any (${statuses}::text[])))
        and (${search}::text is null or f.name ilike ${search})
        and (${q.category_id ?? null}::uuid is null or exists (
              select 1 from public.checklist_items i
              where i.deal_id = f.deal_id and i.category_id = ${q.category_id ?? null} and f.checklist_items @> array[i.id]))
      union all
      select 'item', i.id, null, i.name, i.item_code, i.approval_status, i.category_id, c.name, i.required,
             coalesce(n.actual, 0), i.anticipated_file_count,
             case when i.anticipated_file_count = 0 then 1 else least(1, coalesce(n.actual, 0)::float8 / i.anticipated_file_count) end,
             null, null, null, i.updated_at
      from public.checklist_items i
      join public.checklist_categories c on c.id = i.category_id
      left join linked n on n.item_id = i.id
      where ${wantItems} and i.deal_id = ${dealId}
        -- An item with no file and no decision is an unanswered request, not something to decide.
        and (${q.empty === 'show'} or n.actual > 0 or i.approval_status <> 'pending')
        and (${statuses}::text[] is null or i.approval_status = any (${statuses}::text[]))
        and (${search}::text is null or i.name ilike ${search} or coalesce(i.item_code, '') ilike ${search})
        and (${q.category_id ?? null}::uuid is null or i.category_id = ${q.category_id ?? null})
    )
    select *, count(*) over ()::int as total_count from queue
    order by ${order}
    limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
}

/** The review queue of a deal: what awaits a decision, and single or bulk decisions (docs/product.md §7). */
export function reviewRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/:dealId/review-queue', async (c) => {
    const page = await withDeal(deps, c, async (tx, ctx): Promise<Paged<ReviewRow>> => {
      const q = parseOrThrow(reviewQueueQuery, c.req.query());
      const canApprove = ctx.can('approve');
      const rows = await reviewQueueRows(tx, ctx.dealId, q);
      const total = rows[0]?.total_count ?? 0;
      const items = rows.map(({ total_count: _total, ...row }) => {
        const common = { id: row.id, status: row.status, updated_at: row.updated_at };
        if (row.kind === 'file') {
          return {
            ...common,
            kind: 'file',
            name: row.name,
            file_type: row.file_type,
            size_bytes: row.size_bytes,
            uploaded_by: row.uploaded_by,
            can_decide: canApprove,
          } as ReviewRow;
        }
        return {
          ...common,
          kind: 'item',
          title: row.title,
          item_id: row.item_id,
          category_id: row.category_id,
          category: row.category,
          required: row.required,
          actual_file_count: row.actual_file_count,
          anticipated_file_count: row.anticipated_file_count,
          completeness: row.completeness,
          can_decide: canApprove && row.status === 'pending',
        } as ReviewRow;
      });
      return { items, page: q.page, page_size: q.page_size, total_count: total, has_more: q.page * q.page_size < total };
    });
    return c.json(page);
  });

  const bulk = (decision: Decision) => async (c: Context<ApiEnv>) => {
    const body = await readJson(c, reviewBulkBody);
    const result = await withDeal(deps, c, async (tx, ctx): Promise<ReviewBulkResult> => {
      let success = 0;
      for (const id of new Set(body.item_ids)) {
        if (await decideOne(tx, ctx, id, decision, body.note || null)) success++;
      }
      return { success_count: success, failed_count: body.item_ids.length - success };
    });
    return c.json(result);
  };
  app.post('/:dealId/review-queue/bulk-approve', bulk('approved'));
  app.post('/:dealId/review-queue/bulk-request-changes', bulk('changes_requested'));

  return app;
}
