import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { asUser, type Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { folderCreateBody, levelCountQuery, listingQuery, searchQuery, type LevelCount } from '../../contracts/folders.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import {
  dealContext,
  fileRightsColumns,
  type DealContext,
  FOLDER_NOT_FOUND,
  folderAtPath,
  folderIdParam,
  itemName,
  normalisePath,
  requireCapability,
} from './common.ts';
import { withStampTemplates } from '../../viewer/template-store.ts';

const folderColumns = (tx: Tx) => tx`
  fo.id, fo.name, fo.parent_id, fo.full_path, fo.created_at, fo.archived_at,
  coalesce((select p.full_path from public.folders p where p.id = fo.parent_id), '/') as path`;

function breadcrumbs(fullPath: string | null) {
  const crumbs = [{ name: 'Data Room', path: '/' }];
  if (!fullPath) return crumbs;
  let acc = '';
  for (const segment of fullPath.split('/').filter(Boolean)) {
    acc += `/${segment}`;
    crumbs.push({ name: segment, path: acc });
  }
  return crumbs;
}

async function loadFolder(tx: Tx, dealId: string, folderId: string) {
  const [folder] = await tx`
    select ${folderColumns(tx)} from public.folders fo
    where fo.id = ${folderId} and fo.deal_id = ${dealId} and fo.archived_at is null`;
  if (!folder) throw new HttpError(404, FOLDER_NOT_FOUND);
  return folder;
}

/** A file row as the listing and search answer it; `path` is its folder's path (a value, or an expression). */
// deno-lint-ignore no-explicit-any
const fileColumns = (tx: Tx, ctx: DealContext, path: any) => tx`
  ${fileRightsColumns(tx, ctx)}, f.id, f.name, f.formatted_title, f.file_type, f.content_type, f.current_version, f.size_bytes::float8 as size_bytes, f.tags, f.checklist_items, f.approval_status, f.ai_status,
  f.permission_type, f.uploaded_by, f.created_at, f.updated_at, ${path}::text as path`;

/** The files of one folder level as one JSON array, in name order (the listing's hot path). */
// deno-lint-ignore no-explicit-any
export const listFilesSql = (tx: Tx, ctx: DealContext, inFolder: any, path: string) => tx`
  select coalesce(json_agg(x order by lower(x.name)), '[]')::text as files from (
    select ${fileColumns(tx, ctx, path)}
    from public.files f
    where f.deal_id = ${ctx.dealId} and f.folder_id ${inFolder}
      and f.archived_at is null and f.upload_state = 'ready') x`;

/**
 * One page of a level's files after the name `after`, read along files_listing_idx: as fast on page 70
 * of a 15,000-file folder as on page 1. The keyset compares the stored `name_key` (lower(name)): a
 * comparison of lower() itself is not leakproof, so under row-level security it could not use the index. One row more than asked says whether another page follows;
 * `read` is how many rows were read (so, with no next page, how many files the rest of the level holds).
 */
export const listFilesPageSql = (
  tx: Tx,
  ctx: DealContext,
  // deno-lint-ignore no-explicit-any
  inFolder: any,
  path: string,
  after: string | undefined,
  limit: number,
) => tx`
  select coalesce(json_agg(p.j order by p.n) filter (where p.n <= ${limit}), '[]')::text as files,
         max(p.name) filter (where p.n = ${limit} and p.total > ${limit}) as next_cursor,
         coalesce(max(p.total), 0)::int as read
  from (select to_json(r) as j, r.name, row_number() over (order by lower(r.name)) as n, count(*) over () as total
        from (select ${fileColumns(tx, ctx, path)}
              from public.files f
              where f.deal_id = ${ctx.dealId} and f.folder_id ${inFolder}
                and f.archived_at is null and f.upload_state = 'ready'
                ${after === undefined ? tx`` : tx`and f.name_key > lower(${after})`}
              order by f.name_key limit ${limit + 1}) r) p`;

const countFilesSql = (tx: Tx, dealId: string, inFolder: unknown) => tx`
  select count(*)::int as n from public.files f
  where f.deal_id = ${dealId} and f.folder_id ${inFolder as never} and f.archived_at is null and f.upload_state = 'ready'`;

/** Listing, search and folders of one deal's data room (docs/product.md §7 Data room and folders). */
export function folderRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  // One level: its folders first, then its files. Postgres renders the (possibly very long) file list
  // as JSON text, which is spliced into the answer unparsed.
  app.get('/:dealId/files', async (c) => {
    const claims = c.get('claims');
    const { head, files } = await asUser(
      deps.sql,
      claims,
      async (tx) => {
        const ctx = await dealContext(tx, c, claims.sub);
        const query = parseOrThrow(listingQuery, c.req.query());
        const path = normalisePath(query.path);
        const folderId = await folderAtPath(tx, ctx.dealId, path);
        const inFolder = folderId ? tx`= ${folderId}` : tx`is null`;
        const folders = await tx`
        select fo.id, fo.name, fo.parent_id, fo.full_path, fo.created_at, ${path} as path
        from public.folders fo
        where fo.deal_id = ${ctx.dealId} and fo.parent_id ${inFolder} and fo.archived_at is null
        order by lower(fo.name)`;
        const head: Record<string, unknown> = {
          path,
          folder: folderId ? await loadFolder(tx, ctx.dealId, folderId) : null,
          breadcrumbs: breadcrumbs(path === '/' ? null : path),
          folders,
          capabilities: [...ctx.capabilities],
        };
        if (query.limit === undefined) {
          const [listing] = (await listFilesSql(tx, ctx, inFolder, path)) as unknown as { files: string }[];
          return { head, files: listing.files };
        }
        const [page] = (await listFilesPageSql(tx, ctx, inFolder, path, query.after, query.limit)) as unknown as {
          files: string;
          next_cursor: string | null;
          read: number;
        }[];
        head.next_cursor = page.next_cursor;
        // The count of a first page that holds the whole level is free; a longer level's is asked for apart.
        if (query.after === undefined && page.next_cursor === null) head.file_count = page.read;
        return { head, files: page.files };
      },
      // By deal, folder and name keyset: at 100,000 files a cached plan is as fast (docs/decisions.md decision 65).
      'cached',
    );
    return c.body(`${JSON.stringify(head).slice(0, -1)},"files":${files}}`, 200, {
      'content-type': 'application/json; charset=UTF-8',
    });
  });

  // How many files of a level the caller sees (the listing's first page has it only for a short level).
  app.get('/:dealId/files/count', async (c) => {
    const claims = c.get('claims');
    const answer = await asUser(deps.sql, claims, async (tx): Promise<LevelCount> => {
      const ctx = await dealContext(tx, c, claims.sub);
      const path = normalisePath(parseOrThrow(levelCountQuery, c.req.query()).path);
      const folderId = await folderAtPath(tx, ctx.dealId, path);
      const [{ n }] = await countFilesSql(tx, ctx.dealId, folderId ? tx`= ${folderId}` : tx`is null`);
      return { path, file_count: n };
    });
    return c.json(answer);
  });

  // Names, tags and folder names across the whole deal, in one statement over trigram indexes.
  app.get('/:dealId/files/search', async (c) => {
    const claims = c.get('claims');
    const q = parseOrThrow(searchQuery, {
      q: c.req.query('q'),
    }).q;
    // Lower-cased by Postgres, as search_text and lower(name) are (under the C locale lower() keeps "É", so
    // "ÉTUDE" must still find "ÉTUDE.pdf"), and by JavaScript too (so "ÉTUDE" also finds "étude.pdf").
    const pattern = `%${q.normalize('NFC').replace(/[\\%_]/g, '\\$&')}%`;
    const folded = pattern.toLowerCase();
    const { folders, files } = await asUser(deps.sql, claims, async (tx) => {
      const ctx = await dealContext(tx, c, claims.sub);
      // Both statements go out at once on the transaction's connection.
      const [folders, files] = await Promise.all([
        tx`
          select fo.id, fo.name, fo.full_path as path, fo.full_path, fo.created_at
          from public.folders fo
          where fo.deal_id = ${ctx.dealId} and fo.archived_at is null
            and (lower(fo.name) like lower(${pattern}::text) or lower(fo.name) like ${folded})
          order by lower(fo.name) limit 200`,
        tx`
          select ${fileColumns(tx, ctx, tx`coalesce(fo.full_path, '/')`)}
          from public.files f left join public.folders fo on fo.id = f.folder_id
          where f.deal_id = ${ctx.dealId} and f.archived_at is null and f.upload_state = 'ready'
            and (f.search_text like lower(${pattern}::text) or f.search_text like ${folded})
          order by lower(f.name) limit 500`,
      ]);
      return { folders, files };
    });
    return c.json({ query: q, folders, files });
  });

  app.get('/:dealId/folders/:folderId', async (c) => {
    const claims = c.get('claims');
    const folder = await asUser(deps.sql, claims, async (tx) => {
      const ctx = await dealContext(tx, c, claims.sub);
      const row = await loadFolder(tx, ctx.dealId, folderIdParam(c));
      // What the caller can see inside: not archived, not pending, not hidden by a file's permissions (RLS).
      // (private.folder_subtree_counts counts everything, as deleting the folder must.)
      const [counts] = await tx<{ folders: number; files: number }[]>`
        with recursive tree as (
          select id from public.folders where id = ${row.id}
          union all
          select c.id from public.folders c join tree t on c.parent_id = t.id where c.archived_at is null
        )
        select (select count(*)::int - 1 from tree) as folders,
               (select count(*)::int from public.files f
                 where f.folder_id in (select id from tree) and f.archived_at is null and f.upload_state = 'ready') as files`;
      return { ...row, breadcrumbs: breadcrumbs(row.full_path as string), item_count: counts.folders + counts.files, ...counts };
    });
    return c.json(folder);
  });

  app.post('/:dealId/folders', async (c) => {
    const claims = c.get('claims');
    const body = await readJson(c, folderCreateBody);
    const name = itemName(body.name, 'folder');
    const folder = await asUser(deps.sql, claims, async (tx) => {
      const ctx = await dealContext(tx, c, claims.sub);
      requireCapability(ctx, 'edit_folders', 'create folders');
      const parentId = body.parent_id
        ? ((await loadFolder(tx, ctx.dealId, body.parent_id)).id as string)
        : await folderAtPath(tx, ctx.dealId, body.path);
      const [clash] = await tx`
        select 1 from public.folders where deal_id = ${ctx.dealId} and parent_id ${parentId ? tx`= ${parentId}` : tx`is null`}
          and lower(name) = lower(${name}) and archived_at is null`;
      if (clash) throw new HttpError(409, `A folder named "${name}" already exists here`);
      const [created] = await tx<{ id: string }[]>`
        insert into public.folders (deal_id, parent_id, name, created_by)
        values (${ctx.dealId}, ${parentId}, ${name}, ${claims.sub}) returning id`;
      return loadFolder(tx, ctx.dealId, created.id);
    });
    return c.json(folder, 201);
  });

  app.put('/:dealId/folders/:folderId/archive', async (c) => {
    const claims = c.get('claims');
    const result = await asUser(deps.sql, claims, async (tx) => {
      const ctx = await dealContext(tx, c, claims.sub);
      const folder = await loadFolder(tx, ctx.dealId, folderIdParam(c));
      const [counts] = await tx`select folders::int, files::int from private.archive_folder(${folder.id})`;
      return { id: folder.id, archived_folders: counts.folders, archived_files: counts.files };
    });
    return c.json(result);
  });

  app.delete('/:dealId/folders/:folderId', async (c) => {
    const claims = c.get('claims');
    const { result, keys } = await asUser(deps.sql, claims, async (tx) => {
      const ctx = await dealContext(tx, c, claims.sub);
      const folderId = folderIdParam(c);
      const [folder] = await tx`select id from public.folders where id = ${folderId} and deal_id = ${ctx.dealId}`;
      if (!folder) throw new HttpError(404, FOLDER_NOT_FOUND);
      const [counts] = await tx`select folders::int, files::int from private.folder_subtree_counts(${folderId})`;
      const rows = await tx<{ storage_key: string }[]>`select storage_key from private.delete_folder(${folderId})`;
      return {
        result: { id: folderId, deleted_folders: counts.folders + 1, deleted_files: counts.files },
        keys: rows.map((r) => r.storage_key),
      };
    });
    // Bytes go only after the rows are gone for good.
    await deps.blobs
      .delete(withStampTemplates(keys))
      .catch((err) => console.error('[dataroom] could not remove stored bytes', err));
    return c.json(result);
  });

  return app;
}
