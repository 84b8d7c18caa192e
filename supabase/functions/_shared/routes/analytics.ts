import { Hono } from 'hono';
import { z } from 'zod';
import { analyticsCsv, dealAnalytics, fileViewers, periodBounds, readingRows, readsViews } from '../analytics.ts';
import { recordPagesBody, recordViewBody, type FileViewsAnswer, type RecordViewAnswer } from '../contracts/analytics.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { idParam, withDeal } from '../deal-scope.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { fileIdParam, loadReadyFile } from '../files.ts';
import { parseOrThrow, readJson } from '../validate.ts';

const VIEW_NOT_FOUND = 'View not found';
const NO_RIGHT = "You don't have permission to see who viewed this deal's documents.";

const periodQuery = z.object({
  from: z.string().max(40, 'from is too long').optional(),
  to: z.string().max(40, 'to is too long').optional(),
});

async function requireReadsViews(tx: Tx, dealId: string): Promise<void> {
  if (!(await readsViews(tx, dealId))) throw new HttpError(403, NO_RIGHT);
}

/**
 * Who read what (docs/decisions.md decision 46): the viewer records a view when a document opens and
 * the time spent on each page in small batches; deal admins and members holding manage_users read a
 * file's viewers and the deal's analytics. Row-level security decides again (append-only tables,
 * readable per the same rule).
 */
export function analyticsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post('/:dealId/files/:fileId/views', async (c) => {
    const body = await readJson(c, recordViewBody);
    const answer = await withDeal(deps, c, async (tx, ctx): Promise<RecordViewAnswer> => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      const [version] = await tx`
        select 1 from public.file_versions where file_id = ${fileId} and version_number = ${body.version_number}`;
      if (!version) throw new HttpError(404, `Version ${body.version_number} of this file does not exist.`);
      const [row] = await tx<{ id: string }[]>`
        insert into public.file_views (deal_id, file_id, version_number, user_id)
        values (${ctx.dealId}, ${fileId}, ${body.version_number}, ${ctx.userId})
        returning id`;
      return { view_id: row.id };
    });
    return c.json(answer, 201);
  });

  app.post('/:dealId/views/:viewId/pages', async (c) => {
    const body = await readJson(c, recordPagesBody);
    await withDeal(deps, c, async (tx, ctx) => {
      const viewId = idParam(c, 'viewId', VIEW_NOT_FOUND);
      // Only the view's own viewer adds to it, while they can still see its file.
      const [view] = await tx`
        select 1 from public.file_views v
        where v.id = ${viewId} and v.deal_id = ${ctx.dealId} and v.user_id = ${ctx.userId} and private.can_see_file(v.file_id)`;
      if (!view) throw new HttpError(404, VIEW_NOT_FOUND);
      await tx`
        insert into public.file_view_pages (view_id, page, seconds)
        select ${viewId}, p.page, p.seconds
        from unnest(${body.pages.map((p) => p.page)}::int[], ${body.pages.map((p) => p.seconds)}::float8[]) as p(page, seconds)`;
    });
    return c.body(null, 204);
  });

  app.get('/:dealId/files/:fileId/views', async (c) => {
    const answer = await withDeal(deps, c, async (tx, ctx): Promise<FileViewsAnswer> => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      await requireReadsViews(tx, ctx.dealId);
      return { viewers: await fileViewers(tx, ctx.dealId, fileId) };
    });
    return c.json(answer);
  });

  app.get('/:dealId/analytics', async (c) => {
    const answer = await withDeal(deps, c, async (tx, ctx) => {
      await requireReadsViews(tx, ctx.dealId);
      const bounds = periodBounds(parseOrThrow(periodQuery, c.req.query()));
      return dealAnalytics(tx, ctx.dealId, bounds);
    });
    return c.json(answer);
  });

  app.get('/:dealId/analytics.csv', async (c) => {
    const csv = await withDeal(deps, c, async (tx, ctx) => {
      await requireReadsViews(tx, ctx.dealId);
      const bounds = periodBounds(parseOrThrow(periodQuery, c.req.query()));
      return analyticsCsv(await readingRows(tx, ctx.dealId, bounds));
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="deal-analytics-${day}.csv"`);
    return c.body(csv);
  });

  return app;
}
