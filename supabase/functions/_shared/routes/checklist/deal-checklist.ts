import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { dealScoped, requireCapability, type DealContext } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import { checklistJson, insertItem, itemsJson, ITEM_NOT_FOUND, loadItem, progressQuery } from '../../checklist-items.ts';
import { categoryBody, decisionBody, filesByItemsBody, itemBody, itemPatch, itemUpdateBody } from '../../contracts/checklist.ts';

const uuid = z.string().uuid();

function rights(ctx: DealContext) {
  return {
    can_edit: ctx.capabilities.has('edit_checklist'),
    can_approve: ctx.capabilities.has('approve'),
    can_upload: ctx.capabilities.has('upload'),
    // Update (status and connected files): who edits the checklist, or who may upload and see files
    // to connect (docs/product.md §6). upload_only sees no file to connect, yet its Update holds the
    // upload into the item (decision 35): the Update without the picker of the deal's files.
    can_update: ctx.capabilities.has('edit_checklist') || ctx.capabilities.has('upload'),
    can_link_files: ctx.capabilities.has('edit_checklist') || (ctx.capabilities.has('upload') && ctx.capabilities.has('view')),
  };
}

/** The deal's checklist (docs/product.md §7 Checklist). */
export function dealChecklistRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const withDeal = dealScoped(deps);
  const itemParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('itemId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, ITEM_NOT_FOUND);
    return id;
  };

  app.get('/:dealId/checklist', async (c) => {
    const { head, checklist } = await withDeal(c, async (tx, ctx) => {
      const categories = await progressQuery(tx, ctx.dealId);
      const [row] = (await checklistJson(tx, ctx.dealId)) as unknown as { checklist: string }[];
      const done = categories.reduce((n, cat) => n + cat.completed, 0);
      const total = categories.reduce((n, cat) => n + cat.total, 0);
      return { head: { categories, progress: { completed: done, total }, ...rights(ctx) }, checklist: row.checklist };
    });
    // The items' JSON goes out as Postgres wrote it, after the head's keys.
    const headJson = JSON.stringify(head);
    return c.body(`${headJson.slice(0, -1)},"checklist":${checklist}}`, 200, { 'Content-Type': 'application/json' });
  });

  app.get('/:dealId/checklist/categories', async (c) => c.json(await withDeal(c, (tx, ctx) => progressQuery(tx, ctx.dealId))));

  app.post('/:dealId/checklist/categories', async (c) => {
    const body = await readJson(c, categoryBody);
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'edit_checklist', 'edit the checklist');
        const [clash] =
          await tx`select 1 from public.checklist_categories where deal_id = ${ctx.dealId} and lower(name) = lower(${body.name})`;
        if (clash) throw new HttpError(409, `A category named "${body.name}" already exists`);
        const [row] = await tx`
        insert into public.checklist_categories (deal_id, name, code, position)
        values (${ctx.dealId}, ${body.name}, ${body.code},
                (select coalesce(max(position), 0) + 1 from public.checklist_categories where deal_id = ${ctx.dealId}))
        returning id, name, code, position`;
        return { ...row, completed: 0, total: 0 };
      }),
      201,
    );
  });

  app.put('/:dealId/checklist/categories/:categoryId', async (c) => {
    const body = await readJson(c, categoryBody);
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'edit_checklist', 'edit the checklist');
        const id = c.req.param('categoryId');
        if (!uuid.safeParse(id).success) throw new HttpError(404, 'Category not found');
        const [clash] =
          await tx`select 1 from public.checklist_categories where deal_id = ${ctx.dealId} and lower(name) = lower(${body.name}) and id <> ${id}`;
        if (clash) throw new HttpError(409, `A category named "${body.name}" already exists`);
        const [row] = await tx`update public.checklist_categories set name = ${body.name}, code = ${body.code}
                             where id = ${id} and deal_id = ${ctx.dealId} returning id, name, code, position`;
        if (!row) throw new HttpError(404, 'Category not found');
        return row;
      }),
    );
  });

  app.delete('/:dealId/checklist/categories/:categoryId', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'edit_checklist', 'edit the checklist');
        const id = c.req.param('categoryId');
        if (!uuid.safeParse(id).success) throw new HttpError(404, 'Category not found');
        // Its items go with it: unlink them from files first, as deleting one item does.
        await tx`update public.files f set checklist_items = array(
               select u from unnest(f.checklist_items) u
               where u not in (select i.id from public.checklist_items i where i.category_id = ${id} and i.deal_id = ${ctx.dealId}))
             where f.deal_id = ${ctx.dealId} and f.checklist_items && array(
               select i.id from public.checklist_items i where i.category_id = ${id} and i.deal_id = ${ctx.dealId})`;
        const [row] = await tx`delete from public.checklist_categories where id = ${id} and deal_id = ${ctx.dealId} returning id`;
        if (!row) throw new HttpError(404, 'Category not found');
        return { id, deleted: true };
      }),
    ),
  );

  app.get('/:dealId/checklist/items', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const [row] = (await itemsJson(tx, ctx.dealId, null)) as unknown as { items: string }[];
        return JSON.parse(row.items);
      }),
    ),
  );

  app.post('/:dealId/checklist/items', async (c) => {
    const body = await readJson(c, itemBody);
    return c.json(await withDeal(c, (tx, ctx) => insertItem(tx, ctx, body)), 201);
  });

  const patchItem = async (c: Context<ApiEnv>) => {
    const body = await readJson(c, itemPatch);
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'edit_checklist', 'edit the checklist');
        const id = itemParam(c);
        await loadItem(tx, ctx.dealId, id);
        if (body.category_id) {
          const [cat] =
            await tx`select 1 from public.checklist_categories where id = ${body.category_id} and deal_id = ${ctx.dealId}`;
          if (!cat) throw new HttpError(400, 'That category does not exist in this deal');
        }
        await tx`
        update public.checklist_items set
          name = coalesce(${body.name ?? null}, name),
          description = coalesce(${body.description ?? null}, description),
          required = coalesce(${body.required ?? null}, required),
          anticipated_file_count = coalesce(${body.anticipated_file_count ?? null}, anticipated_file_count),
          status = coalesce(${body.status ?? null}, status),
          category_id = coalesce(${body.category_id ?? null}, category_id)
        where id = ${id} and deal_id = ${ctx.dealId}`;
        return loadItem(tx, ctx.dealId, id);
      }),
    );
  };
  app.put('/:dealId/checklist/items/:itemId', patchItem);
  app.patch('/:dealId/checklist/items/:itemId', patchItem);

  app.get('/:dealId/checklist/items/:itemId', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const id = itemParam(c);
        const item = await loadItem(tx, ctx.dealId, id);
        const history = await tx`
      select a.id, a.decision, a.note, a.decided_at, p.email as decided_by_email,
             p.first_name as decided_by_first_name, p.last_name as decided_by_last_name
      from public.checklist_approvals a left join public.profiles p on p.id = a.decided_by
      where a.item_id = ${id} order by a.decided_at desc`;
        return { ...item, approval_history: history, ...rights(ctx) };
      }),
    ),
  );

  app.delete('/:dealId/checklist/items/:itemId', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'edit_checklist', 'edit the checklist');
        const id = itemParam(c);
        await loadItem(tx, ctx.dealId, id);
        // Unlink the item from files first so no file points at a removed item.
        await tx`update public.files set checklist_items = array_remove(checklist_items, ${id}::uuid)
             where deal_id = ${ctx.dealId} and ${id}::uuid = any(checklist_items)`;
        await tx`delete from public.checklist_items where id = ${id} and deal_id = ${ctx.dealId}`;
        return { id, deleted: true };
      }),
    ),
  );

  const decide = (decision: 'approved' | 'changes_requested') => async (c: Context<ApiEnv>) => {
    // The web client sends an empty body; a body, when there is one, may carry a note. Read the body
    // itself rather than trusting Content-Length, which a chunked request does not send.
    let note: string | null = null;
    const raw = await c.req.text();
    if (raw.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'The request body must be valid JSON.');
      }
      note = parseOrThrow(decisionBody, parsed).note || null;
    }
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        requireCapability(ctx, 'approve', decision === 'approved' ? 'approve items' : 'request changes');
        const id = itemParam(c);
        const item = await loadItem(tx, ctx.dealId, id);
        if (item.approval_status !== 'pending')
          throw new HttpError(409, 'Only items pending review can be approved or sent back.');
        await tx`insert into public.checklist_approvals (item_id, deal_id, decision, note, decided_by)
               values (${id}, ${ctx.dealId}, ${decision}, ${note}, ${ctx.userId})`;
        return loadItem(tx, ctx.dealId, id);
      }),
    );
  };
  app.post('/:dealId/checklist/items/:itemId/approve', decide('approved'));
  app.post('/:dealId/checklist/items/:itemId/request-changes', decide('changes_requested'));

  // {status, files}: the item's status and exactly which files answer it.
  app.put('/:dealId/checklist/:itemId', async (c) => {
    const body = await readJson(c, itemUpdateBody);
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        const id = itemParam(c);
        const current = await loadItem(tx, ctx.dealId, id);
        // The update form sends the status it shows: only a change of status needs edit_checklist.
        if (body.status && body.status !== current.status) {
          requireCapability(ctx, 'edit_checklist', 'edit the checklist');
          await tx`update public.checklist_items set status = ${body.status} where id = ${id}`;
        }
        if (body.files) {
          const visible = await tx<{ id: string }[]>`
          select id from public.files where deal_id = ${ctx.dealId} and id = any(${body.files}::uuid[]) and upload_state = 'ready'`;
          if (visible.length !== new Set(body.files).size) throw new HttpError(400, 'Some files do not exist in this deal.');
          // Every file whose links change must really change: row security skips files the caller may
          // not edit, which would otherwise answer 200 with nothing done. The list replaces the files the
          // item shows (ready, not archived); links of archived files stay as they are.
          const unlink = await tx<{ id: string }[]>`
          select id from public.files where deal_id = ${ctx.dealId} and ${id}::uuid = any(checklist_items)
            and upload_state = 'ready' and archived_at is null and not (id = any(${body.files}::uuid[]))`;
          const link = await tx<{ id: string }[]>`
          select id from public.files where id = any(${body.files}::uuid[]) and not (${id}::uuid = any(checklist_items))`;
          const unlinked = await tx`update public.files set checklist_items = array_remove(checklist_items, ${id}::uuid)
                 where id = any(${unlink.map((f) => f.id)}::uuid[]) returning id`;
          const linked = await tx`update public.files set checklist_items = array_append(checklist_items, ${id}::uuid)
                 where id = any(${link.map((f) => f.id)}::uuid[]) and not (${id}::uuid = any(checklist_items)) returning id`;
          if (unlinked.length !== unlink.length || linked.length !== link.length) {
            throw new HttpError(403, "You don't have permission to change the files of this item.");
          }
        }
        return loadItem(tx, ctx.dealId, id);
      }),
    );
  });

  app.post('/:dealId/checklist/files-by-items', async (c) => {
    const body = await readJson(c, filesByItemsBody);
    return c.json(
      await withDeal(c, async (tx, ctx) => {
        const rows = await tx<{ item_id: string; files: unknown }[]>`
        select u.item_id, json_agg(json_build_object('file_id', f.id, 'name', f.name, 'size', f.size_bytes,
               'ai_status', f.ai_status, 'approval_status', f.approval_status, 'uploaded_at', f.created_at) order by f.created_at desc) as files
        from public.files f, unnest(f.checklist_items) u(item_id)
        where f.deal_id = ${ctx.dealId} and f.upload_state = 'ready' and f.archived_at is null and u.item_id = any(${body.item_ids}::uuid[])
        group by u.item_id`;
        const byItem: Record<string, unknown> = Object.fromEntries(body.item_ids.map((id) => [id, []]));
        for (const r of rows) byItem[r.item_id] = r.files;
        return { files_by_item: byItem };
      }),
    );
  });

  return app;
}
