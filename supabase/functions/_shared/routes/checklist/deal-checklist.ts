import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { requireCapability, withDeal as withDealScope, type DealContext } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';

export const ITEM_NOT_FOUND = 'Item not found';
const uuid = z.string().uuid();
const status = z.enum(['in_progress', 'provided', 'not_applicable'], {
  message: 'status must be in_progress, provided or not_applicable',
});
const code = z
  .string()
  .trim()
  .max(3, 'The category code can be at most 3 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const categoryBody = z.object({
  name: z.string({ required_error: 'Please enter a category name' }).trim().min(1, 'Please enter a category name').max(200),
  code,
});
const itemBody = z.object({
  name: z.string({ required_error: 'Please enter an item name' }).trim().min(1, 'Please enter an item name').max(300),
  description: z.string().trim().max(5000).default(''),
  category_id: z.string({ required_error: 'Please choose a category' }).uuid('Please choose a category'),
  status: status.default('in_progress'),
  required: z.boolean().default(true),
  anticipated_file_count: z
    .number()
    .int('The expected file count must be a whole number')
    .min(0, 'The expected file count cannot be negative')
    .max(10000)
    .default(1),
});
const itemPatch = z
  .object({
    name: z.string().trim().min(1, 'Please enter an item name').max(300).optional(),
    description: z.string().trim().max(5000).optional(),
    required: z.boolean().optional(),
    anticipated_file_count: z
      .number()
      .int('The expected file count must be a whole number')
      .min(0, 'The expected file count cannot be negative')
      .max(10000)
      .optional(),
    status: status.optional(),
    category_id: uuid.optional(),
  })
  .strict();

/**
 * One item's (or every item's) full shape: category, linked files the caller can see, counts and the
 * latest decision, rendered as JSON by Postgres in one statement.
 */
export function itemsJson(tx: Tx, dealId: string, itemId: string | null) {
  return tx`
    with links as (
      select u.item_id, f.id as file_id, f.name, f.size_bytes as size, f.ai_status, f.approval_status, f.created_at as uploaded_at
      from public.files f, unnest(f.checklist_items) u(item_id)
      where f.deal_id = ${dealId} and f.upload_state = 'ready' and f.archived_at is null and cardinality(f.checklist_items) > 0
        and (${itemId}::uuid is null or u.item_id = ${itemId})
    ), linked as (
      select item_id, json_agg(json_build_object('file_id', file_id, 'name', name, 'size', size, 'ai_status', ai_status,
               'approval_status', approval_status, 'uploaded_at', uploaded_at) order by uploaded_at desc) as files,
             array_agg(file_id) as ids, count(*)::int as n
      from links group by item_id
    ), decisions as (
      select distinct on (a.item_id) a.item_id, a.decision, a.decided_at, p.email as decided_by
      from public.checklist_approvals a left join public.profiles p on p.id = a.decided_by
      where a.deal_id = ${dealId} and (${itemId}::uuid is null or a.item_id = ${itemId})
      order by a.item_id, a.decided_at desc
    )
    select coalesce(json_agg(json_build_object(
      'id', i.id, 'item_id', i.item_code, 'name', i.name, 'description', i.description,
      'category_id', i.category_id, 'category', c.name, 'category_code', c.code, 'status', i.status,
      'required', i.required, 'files', coalesce(to_json(l.ids), '[]'::json),
      'metadata', json_build_object('anticipated_file_count', i.anticipated_file_count, 'actual_file_count', coalesce(l.n, 0)),
      'approval', json_build_object('status', i.approval_status, 'decided_by', dcs.decided_by, 'decided_at', dcs.decided_at),
      'approval_status', i.approval_status, 'connected_files', coalesce(l.files, '[]'::json),
      'catalog_item_id', i.catalog_item_id, 'requirements', i.requirements, 'position', i.position,
      'created_at', i.created_at, 'updated_at', i.updated_at)
      order by c.position, c.name, i.position, i.item_code, i.name), '[]')::text as items
    from public.checklist_items i
    join public.checklist_categories c on c.id = i.category_id
    left join linked l on l.item_id = i.id
    left join decisions dcs on dcs.item_id = i.id
    where i.deal_id = ${dealId} and (${itemId}::uuid is null or i.id = ${itemId})`;
}

async function loadItem(tx: Tx, dealId: string, itemId: string): Promise<Record<string, any>> {
  const [row] = (await itemsJson(tx, dealId, itemId)) as unknown as { items: string }[];
  const [item] = JSON.parse(row.items);
  if (!item) throw new HttpError(404, ITEM_NOT_FOUND);
  return item;
}

/** Per-category and overall progress (completed = provided or not applicable). */
export function progressQuery(tx: Tx, dealId: string) {
  return tx<{ name: string; code: string | null; id: string; position: number; completed: number; total: number }[]>`
    select c.id, c.name, c.code, c.position,
           count(i.id) filter (where i.status in ('provided', 'not_applicable'))::int as completed,
           count(i.id)::int as total
    from public.checklist_categories c left join public.checklist_items i on i.category_id = c.id
    where c.deal_id = ${dealId} group by c.id order by c.position, c.name`;
}

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
  const withDeal = <T>(c: Context<ApiEnv>, work: (tx: Tx, ctx: DealContext) => Promise<T>) => withDealScope(deps, c, work);
  const itemParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('itemId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, ITEM_NOT_FOUND);
    return id;
  };

  app.get('/:dealId/checklist', async (c) => {
    const { head, items } = await withDeal(c, async (tx, ctx) => {
      const categories = await progressQuery(tx, ctx.dealId);
      const [row] = (await itemsJson(tx, ctx.dealId, null)) as unknown as { items: string }[];
      const done = categories.reduce((n, cat) => n + cat.completed, 0);
      const total = categories.reduce((n, cat) => n + cat.total, 0);
      return { head: { categories, progress: { completed: done, total }, ...rights(ctx) }, items: row.items };
    });
    // The map of category name to items is built here from the one ordered list.
    const list = JSON.parse(items) as { category: string }[];
    // No prototype: a category named "__proto__" is a key like any other.
    const checklist: Record<string, unknown[]> = Object.create(null);
    for (const cat of head.categories) checklist[cat.name] = [];
    for (const item of list) (checklist[item.category] ??= []).push(item);
    return c.json({ ...head, checklist });
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

  const insertItem = async (
    tx: Tx,
    ctx: DealContext,
    body: z.infer<typeof itemBody> & { item_code?: string | null; catalog_item_id?: string | null; requirements?: unknown },
  ) => {
    requireCapability(ctx, 'edit_checklist', 'edit the checklist');
    const [cat] =
      await tx`select id, code from public.checklist_categories where id = ${body.category_id} and deal_id = ${ctx.dealId}`;
    if (!cat) throw new HttpError(400, 'That category does not exist in this deal');
    const [{ next }] = await tx<{ next: number }[]>`
      select coalesce(max(position), 0) + 1 as next from public.checklist_items where category_id = ${body.category_id}`;
    const itemCode = body.item_code ?? (cat.code ? `${cat.code}.${next}` : null);
    const [row] = await tx<{ id: string }[]>`
      insert into public.checklist_items (deal_id, category_id, item_code, name, description, status, required,
                                          anticipated_file_count, catalog_item_id, requirements, position)
      values (${ctx.dealId}, ${body.category_id}, ${itemCode}, ${body.name}, ${body.description}, ${body.status},
              ${body.required}, ${body.anticipated_file_count}, ${body.catalog_item_id ?? null},
              ${tx.json((body.requirements ?? {}) as never)}, ${next})
      returning id`;
    return loadItem(tx, ctx.dealId, row.id);
  };

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
      note = parseOrThrow(z.object({ note: z.string().trim().max(2000).nullish() }).passthrough(), parsed).note || null;
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
    const body = await readJson(c, z.object({ status: status.optional(), files: z.array(uuid).max(1000).optional() }).strict());
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
    const body = await readJson(c, z.object({ item_ids: z.array(uuid).max(2000) }));
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

  return { app, insertItem, withDeal };
}
