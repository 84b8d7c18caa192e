/**
 * Checklist items as the API answers them, shared by the deal's checklist routes and the catalog's
 * Add to deal (docs/product.md §7 Checklist): route modules do not import each other.
 */
import type { PendingQuery, Row } from 'postgres';
import type { ItemBody } from './contracts/checklist.ts';
import { requireCapability, type DealContext } from './deal-scope.ts';
import type { Tx } from './db.ts';
import { HttpError } from './errors.ts';

export const ITEM_NOT_FOUND = 'Item not found';

/** A piece of a statement, written with the transaction's tag. */
type Fragment = PendingQuery<Row[]>;

/**
 * Items with their full shape: category, linked files the caller can see, counts and the latest
 * decision, rendered as JSON by Postgres in one statement. `query` aggregates `item` (one item's JSON)
 * over the rows of `i` (items) and `c` (their category), `joins` adding `l` (linked files) and `dcs`
 * (the latest decision).
 */
function itemsStatement(tx: Tx, dealId: string, itemId: string | null, query: (item: Fragment, joins: Fragment) => Fragment) {
  const item = tx`json_build_object(
      'id', i.id, 'item_id', i.item_code, 'name', i.name, 'description', i.description,
      'category_id', i.category_id, 'category', c.name, 'category_code', c.code, 'status', i.status,
      'required', i.required, 'files', coalesce(to_json(l.ids), '[]'::json),
      'metadata', json_build_object('anticipated_file_count', i.anticipated_file_count, 'actual_file_count', coalesce(l.n, 0)),
      'approval', json_build_object('status', i.approval_status, 'decided_by', dcs.decided_by, 'decided_at', dcs.decided_at),
      'approval_status', i.approval_status, 'connected_files', coalesce(l.files, '[]'::json),
      'catalog_item_id', i.catalog_item_id, 'requirements', i.requirements, 'position', i.position,
      'created_at', i.created_at, 'updated_at', i.updated_at)`;
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
    ${query(item, tx`left join linked l on l.item_id = i.id left join decisions dcs on dcs.item_id = i.id`)}`;
}

/** One item (or every item) as a JSON array in the text column `items`, in the checklist's order. */
export function itemsJson(tx: Tx, dealId: string, itemId: string | null) {
  return itemsStatement(
    tx,
    dealId,
    itemId,
    (item, joins) => tx`
      select coalesce(json_agg(${item} order by c.position, c.name, i.position, i.item_code, i.name), '[]')::text as items
      from public.checklist_items i join public.checklist_categories c on c.id = i.category_id ${joins}
      where i.deal_id = ${dealId} and (${itemId}::uuid is null or i.id = ${itemId})`,
  );
}

/**
 * The deal's checklist as GET checklist answers it, in the text column `checklist`: an object from each
 * category's name, in the categories' order, to its items in theirs ([] for an empty category). Built
 * by Postgres and sent as it is: parsing and writing again 10,000 items' JSON in the API cost more than
 * the statement (issue 33).
 */
export function checklistJson(tx: Tx, dealId: string) {
  return itemsStatement(
    tx,
    dealId,
    null,
    (item, joins) => tx`
      select coalesce(json_object_agg(g.name, g.items order by g.position, g.name), '{}')::text as checklist
      from (
        select c.name, c.position,
               coalesce(json_agg(${item} order by i.position, i.item_code, i.name) filter (where i.id is not null), '[]') as items
        from public.checklist_categories c
        left join public.checklist_items i on i.category_id = c.id and i.deal_id = c.deal_id ${joins}
        where c.deal_id = ${dealId}
        group by c.id
      ) g`,
  );
}

export async function loadItem(tx: Tx, dealId: string, itemId: string): Promise<Record<string, any>> {
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

/** Adds an item to a category of the deal (the checklist's Add item and the catalog's Add to deal). */
export async function insertItem(
  tx: Tx,
  ctx: DealContext,
  body: ItemBody & { item_code?: string | null; catalog_item_id?: string | null; requirements?: unknown },
) {
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
}
