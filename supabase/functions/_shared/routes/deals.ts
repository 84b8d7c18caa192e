import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser, type Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { dealIdParam, loadDeal } from '../deal-scope.ts';
import { parseOrThrow, readJson } from '../validate.ts';
import { createDealBody, dealListQuery, updateDealBody } from '../contracts/deals.ts';

/** The newest files of the deal the caller can see (RLS decides), with their folder path. */
const recentFilesJson = (tx: Tx, limit: number) => tx`
  coalesce((
    select json_agg(x order by x.created_at desc) from (
      select f.id, f.name, coalesce(fo.full_path, '/') as path, f.created_at, f.tags, f.ai_status, f.approval_status
      from public.files f left join public.folders fo on fo.id = f.folder_id
      where f.deal_id = d.id and f.upload_state = 'ready' and f.archived_at is null
      order by f.created_at desc limit ${limit}) x), '[]'::json)`;

/** Files of the deal awaiting a decision, among those the caller can see (decision 36). */
const pendingReviewCount = (tx: Tx) => tx`
  (select count(*)::int from public.files f where f.deal_id = d.id and private.file_pending_review(f))`;

/** Checklist progress per category: {name: {completed, total}} (completed = provided or not applicable). */
const checklistProgressJson = (tx: Tx) => tx`
  coalesce((
    select json_object_agg(x.name, json_build_object('completed', x.completed, 'total', x.total) order by x.position, x.name)
    from (
      select c.name, c.position,
             count(i.id) filter (where i.status in ('provided', 'not_applicable'))::int as completed,
             count(i.id)::int as total
      from public.checklist_categories c left join public.checklist_items i on i.category_id = c.id
      where c.deal_id = d.id group by c.id) x), '{}'::json)`;

const overallProgressJson = (tx: Tx) => tx`
  (select json_build_object('completed', count(*) filter (where i.status in ('provided', 'not_applicable'))::int,
                            'total', count(*)::int)
   from public.checklist_items i where i.deal_id = d.id)`;

/** Recent activity lines with their author, newest first. */
const activityJson = (tx: Tx, limit: number) => tx`
  coalesce((
    select json_agg(x order by x.created_at desc) from (
      select a.id, a.activity_type, a.description, a.metadata, a.created_at,
             p.first_name as user_first_name, p.last_name as user_last_name, p.email as user_email
      from public.activities a left join public.profiles p on p.id = a.user_id
      where a.deal_id = d.id order by a.created_at desc limit ${limit}) x), '[]'::json)`;

export function dealRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/', async (c) => {
    const claims = c.get('claims');
    const view = parseOrThrow(dealListQuery, { view: c.req.query('view') }).view;
    const deals = await asUser(
      deps.sql,
      claims,
      (tx) => tx`
      select d.id, d.name, d.description, d.created_at, d.archived_at,
             private.display_role(d.id, ${claims.sub}) as user_role, (d.owner_id = ${claims.sub}) as is_owner,
             (select count(*)::int from public.deal_members mm where mm.deal_id = d.id and mm.status = 'active') as user_count,
             ${checklistProgressJson(tx)} as checklist_progress,
             ${overallProgressJson(tx)} as overall_progress,
             ${activityJson(tx, 2)} as recent_activity,
             ${recentFilesJson(tx, 3)} as recent_files,
             ${pendingReviewCount(tx)} as files_pending_review
      from public.deals d
      join public.deal_members m on m.deal_id = d.id and m.user_id = ${claims.sub} and m.status = 'active'
      where (d.archived_at is null) = ${view === 'active'}
      order by coalesce(d.archived_at, d.created_at) desc`,
    );
    return c.json(deals);
  });

  // Deals the caller belongs to but whose requirement of a second factor this session has not met.
  app.get('/requiring-verification', async (c) => {
    const deals = await asUser(deps.sql, c.get('claims'), (tx) => tx`select id, name from public.my_deals_needing_mfa()`);
    return c.json(deals);
  });

  app.post('/', async (c) => {
    const claims = c.get('claims');
    const body = await readJson(c, createDealBody);
    const preset = (body.checklist_preset ?? 'default').toLowerCase();
    const deal = await asUser(deps.sql, claims, async (tx) => {
      if (preset !== 'blank') {
        const [known] = await tx`select 1 from public.checklist_presets where lower(name) = ${preset} and active`;
        if (!known) throw new HttpError(400, `Unknown checklist preset "${body.checklist_preset}"`);
      }
      const [created] = await tx<{ id: string }[]>`
        insert into public.deals (name, description, owner_id, checklist_preset)
        values (${body.name}, ${body.description ?? ''}, ${claims.sub}, ${preset})
        returning id`;
      return loadDeal(tx, created.id);
    });
    return c.json(deal, 201);
  });

  app.get('/:dealId', async (c) => {
    const claims = c.get('claims');
    const dealId = dealIdParam(c.req.param('dealId'));
    return c.json(await asUser(deps.sql, claims, (tx) => loadDeal(tx, dealId)));
  });

  const requireAdminOfOpenDeal = async (tx: Tx, dealId: string, action: string) => {
    const deal = await loadDeal(tx, dealId);
    if (deal.user_role !== 'admin') throw new HttpError(403, `Only deal admins can ${action}.`);
    if (deal.archived_at) throw new HttpError(409, 'This deal is archived and can no longer be changed.');
  };

  app.put('/:dealId', async (c) => {
    const claims = c.get('claims');
    const dealId = dealIdParam(c.req.param('dealId'));
    const body = await readJson(c, updateDealBody);
    const deal = await asUser(deps.sql, claims, async (tx) => {
      await requireAdminOfOpenDeal(tx, dealId, 'edit the deal');
      await tx`update public.deals set name = ${body.name},
                 description = coalesce(${body.description ?? null}, description),
                 require_mfa = coalesce(${body.require_mfa ?? null}, require_mfa),
                 watermark_downloads = coalesce(${body.watermark_downloads ?? null}, watermark_downloads),
                 search_language = coalesce(${body.search_language ?? null}, search_language)
               where id = ${dealId}`;
      return loadDeal(tx, dealId);
    });
    return c.json(deal);
  });

  app.put('/:dealId/archive', async (c) => {
    const claims = c.get('claims');
    const dealId = dealIdParam(c.req.param('dealId'));
    const deal = await asUser(deps.sql, claims, async (tx) => {
      await requireAdminOfOpenDeal(tx, dealId, 'archive the deal');
      await tx`update public.deals set archived_at = now() where id = ${dealId}`;
      return loadDeal(tx, dealId);
    });
    return c.json(deal);
  });

  // Deals are archived, never deleted (docs/product.md §4; decision 40): a member who asks is told so,
  // anyone else finds no deal.
  app.delete('/:dealId', async (c) => {
    const dealId = dealIdParam(c.req.param('dealId'));
    await asUser(deps.sql, c.get('claims'), (tx) => loadDeal(tx, dealId));
    throw new HttpError(405, 'A deal cannot be deleted. Archive it instead.', undefined, { Allow: 'GET, PUT' });
  });

  app.get('/:dealId/dashboard/stats', async (c) => {
    const claims = c.get('claims');
    const dealId = dealIdParam(c.req.param('dealId'));
    const stats = await asUser(deps.sql, claims, async (tx) => {
      await loadDeal(tx, dealId);
      const [row] = await tx`
        select
          s.files_uploaded, s.files_pending_review, s.files_processing, s.files_queued, s.files_approved,
          (select count(*)::int from public.deal_members m where m.deal_id = d.id and m.status = 'active') as team_members,
          (select count(*)::int from public.activities a
            where a.deal_id = d.id and a.created_at > now() - interval '7 days') as recent_activity_count,
          ${overallProgressJson(tx)} as overall_progress,
          ${checklistProgressJson(tx)} as checklist_progress,
          ${activityJson(tx, 5)} as recent_activities,
          ${recentFilesJson(tx, 5)} as recent_files
        from public.deals d,
        lateral (
          select count(*)::int as files_uploaded,
                 -- One "pending review" for the dashboard, its list, the queue and the deal card (decision 36).
                 count(*) filter (where private.file_pending_review(f))::int as files_pending_review,
                 count(*) filter (where f.ai_status = 'processing')::int as files_processing,
                 count(*) filter (where f.ai_status = 'queued')::int as files_queued,
                 count(*) filter (where f.approval_status = 'approved')::int as files_approved
          from public.files f where f.deal_id = d.id and f.upload_state = 'ready' and f.archived_at is null) s
        where d.id = ${dealId}`;
      return row;
    });
    return c.json(stats);
  });

  return app;
}
