/** The checklist catalog as the deal's picker and the admin portal read it (docs/product.md §3 Catalog item). */
import type { Tx } from './db.ts';
import { CATALOG_CATEGORIES } from './contracts/catalog.ts';
import { likePattern } from './validate.ts';

/** Catalog items with their preset names; used by the deal's catalog picker and the admin portal. */
export async function listCatalog(
  tx: Tx,
  q: { active_only: string; page: number; page_size: number; search: string; category: string },
) {
  const pattern = likePattern(q.search);
  const where = tx`
    (not ${q.active_only === 'true'} or ci.active)
    and (${q.category} = '' or ci.category = ${q.category})
    and (${q.search.trim()} = '' or lower(ci.code) like ${pattern} or lower(ci.title) like ${pattern} or lower(ci.description) like ${pattern})`;
  const items = await tx`
    select ci.id, ci.code, ci.title, ci.description, ci.category, ci.subcategory, ci.version, ci.active,
           ci.requirements, ci.ai_checks, ci.created_at, ci.updated_at,
           coalesce((select array_agg(p.name order by p.name) from public.preset_items pi
                     join public.checklist_presets p on p.id = pi.preset_id where pi.catalog_item_id = ci.id), '{}') as presets
    from public.catalog_items ci where ${where}
    order by array_position(${CATALOG_CATEGORIES as unknown as string[]}::text[], ci.category),
             split_part(ci.code, '.', 1), nullif(split_part(ci.code, '.', 2), '')::int nulls last
    limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
  const [{ total }] = await tx<{ total: number }[]>`select count(*)::int as total from public.catalog_items ci where ${where}`;
  return { items, total_count: total, page: q.page, page_size: q.page_size };
}
