import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  activities,
  directOk,
  fileRows,
  member,
  mkdir,
  names,
  objectsOf,
  postToStore,
  random,
  room,
  twoStep,
} from './dataroom-lib.ts';
import { setMember } from './people-lib.ts';

const PATH_404 = "Path not found or you don't have access";
const FOLDER_404 = "Folder not found or you don't have access";

describe('GET /deals/{id}/files?path=', () => {
  it('lists one level: folders first, then files, each sorted by name', async () => {
    const r = await room('list');
    for (const n of ['beta', 'Alpha', 'gamma']) await mkdir(r, r.owner, n);
    for (const n of ['b.txt', 'A.txt', 'c.txt']) await directOk(r, r.owner, { filename: n, path: '/' });
    await directOk(r, r.owner, { filename: 'deep.txt', path: '/Alpha' });
    const res = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.path).toBe('/');
    expect(res.body.folder).toBeNull();
    expect(res.body.breadcrumbs).toEqual([{ name: 'Data Room', path: '/' }]);
    expect(names(res.body.folders)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(res.body.files)).toEqual(['A.txt', 'b.txt', 'c.txt']);
    expect(Object.keys(res.body).indexOf('folders')).toBeLessThan(Object.keys(res.body).indexOf('files'));
    expect(res.body.folders[0]).toMatchObject({ name: 'Alpha', full_path: '/Alpha', path: '/' });
    expect(res.body.files[0]).toMatchObject({
      name: 'A.txt',
      path: '/',
      current_version: 1,
      file_type: 'txt',
      approval_status: 'pending',
    });
    expect(res.body.files[0].size_bytes).toBe(1000);
    expect(res.body.files[0]).not.toHaveProperty('file_size');
    expect(res.body.capabilities).toEqual(expect.arrayContaining(['view', 'upload', 'edit_folders']));
    // No query at all is the root.
    const noQuery = await call('GET', `${r.base}/files`, { token: r.owner.token });
    expect(names(noQuery.body.files)).toEqual(['A.txt', 'b.txt', 'c.txt']);
  });

  it('walks nested paths, however the slashes are written, with breadcrumbs', async () => {
    const r = await room('nested');
    await mkdir(r, r.owner, 'Legal');
    const contracts = await mkdir(r, r.owner, 'Contracts', '/Legal');
    expect(contracts).toMatchObject({ full_path: '/Legal/Contracts', path: '/Legal' });
    await mkdir(r, r.owner, '2024', '/Legal/Contracts');
    await directOk(r, r.owner, { filename: 'msa.pdf', path: '/Legal/Contracts' });
    await directOk(r, r.owner, { filename: 'sow.pdf', path: '/Legal/Contracts/2024' });
    for (const path of [
      '/Legal/Contracts',
      'Legal/Contracts',
      '//Legal//Contracts/',
      ' /Legal / Contracts ',
      '/legal/CONTRACTS',
    ]) {
      const res = await call('GET', `${r.base}/files?path=${encodeURIComponent(path)}`, { token: r.owner.token });
      expect(res.status, path).toBe(200);
      expect(names(res.body.folders)).toEqual(['2024']);
      expect(names(res.body.files)).toEqual(['msa.pdf']);
      expect(res.body.folder).toMatchObject({ id: contracts.id, full_path: '/Legal/Contracts' });
    }
    const deep = await call('GET', `${r.base}/files?path=/Legal/Contracts/2024`, { token: r.owner.token });
    expect(deep.body.breadcrumbs).toEqual([
      { name: 'Data Room', path: '/' },
      { name: 'Legal', path: '/Legal' },
      { name: 'Contracts', path: '/Legal/Contracts' },
      { name: '2024', path: '/Legal/Contracts/2024' },
    ]);
    expect(deep.body.files.map((f: any) => f.path)).toEqual(['/Legal/Contracts/2024']);
    expect(names((await call('GET', `${r.base}/files?path=/Legal`, { token: r.owner.token })).body.files)).toEqual([]);
  });

  it('takes URL-encoded segments and Unicode', async () => {
    const r = await room('encoded');
    await mkdir(r, r.owner, 'M&A + Due Diligence');
    await mkdir(r, r.owner, 'Données 2024 #1 100%', '/M&A + Due Diligence');
    await directOk(r, r.owner, { filename: 'bilan.pdf', path: '/M&A + Due Diligence/Données 2024 #1 100%' });
    const full = '/M&A + Due Diligence/Données 2024 #1 100%';
    const res = await call('GET', `${r.base}/files?path=${encodeURIComponent(full)}`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.path).toBe(full);
    expect(names(res.body.files)).toEqual(['bilan.pdf']);
    expect(res.body.breadcrumbs.map((b: any) => b.name)).toEqual(['Data Room', 'M&A + Due Diligence', 'Données 2024 #1 100%']);
    // Segment by segment encoding gives the same folder.
    const bySegment = full.split('/').map(encodeURIComponent).join('/');
    expect((await call('GET', `${r.base}/files?path=${bySegment}`, { token: r.owner.token })).body.path).toBe(full);
    // A broken escape is not a 500.
    const broken = await call('GET', `${r.base}/files?path=%E0%A4%A`, { token: r.owner.token });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it('an unknown or archived path is 404 with the documented words (docs/product.md)', async () => {
    const r = await room('unknown');
    const old = await mkdir(r, r.owner, 'Old');
    for (const path of ['/Nope', '/Old/Nope', '/Nope/Old']) {
      expectError(await call('GET', `${r.base}/files?path=${encodeURIComponent(path)}`, { token: r.owner.token }), 404, PATH_404);
    }
    expect((await call('PUT', `${r.base}/folders/${old.id}/archive`, { token: r.owner.token })).status).toBe(200);
    expectError(await call('GET', `${r.base}/files?path=/Old`, { token: r.owner.token }), 404, PATH_404);
  });

  it('pages files by name with limit and after, counting a short level on its first page and a longer one apart', async () => {
    const r = await room('paged');
    await mkdir(r, r.owner, 'Sub');
    for (const n of ['e.txt', 'B.txt', 'a.txt', 'D.txt', 'c.txt']) await directOk(r, r.owner, { filename: n, path: '/' });
    const page = (after?: string, limit = 2) =>
      call('GET', `${r.base}/files?path=/&limit=${limit}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`, {
        token: r.owner.token,
      });
    const first = await page();
    expect(first.status).toBe(200);
    expect(names(first.body.files)).toEqual(['a.txt', 'B.txt']);
    expect(first.body).toMatchObject({ next_cursor: 'B.txt' });
    expect(first.body).not.toHaveProperty('file_count');
    expect((await call('GET', `${r.base}/files/count?path=/`, { token: r.owner.token })).body).toEqual({
      path: '/',
      file_count: 5,
    });
    expect(names(first.body.folders)).toEqual(['Sub']);
    expect(first.body.files[0]).toMatchObject({ path: '/', current_version: 1, size_bytes: 1000 });
    // The cursor is compared without regard to case, as the names are ordered.
    const second = await page('b.TXT');
    expect(names(second.body.files)).toEqual(['c.txt', 'D.txt']);
    expect(second.body.next_cursor).toBe('D.txt');
    expect(second.body).not.toHaveProperty('file_count');
    const last = await page('D.txt');
    expect(names(last.body.files)).toEqual(['e.txt']);
    expect(last.body.next_cursor).toBeNull();
    // A page that ends exactly at the last file says so: no empty page to fetch; it holds the count too.
    expect((await page(undefined, 5)).body).toMatchObject({ next_cursor: null, file_count: 5 });
    expect((await page('e.txt')).body.files).toEqual([]);
    // The files the pages give are the whole listing's, in the same order and shape.
    const whole = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect([...first.body.files, ...second.body.files, ...last.body.files]).toEqual(whole.body.files);
    expect(whole.body).not.toHaveProperty('next_cursor');
  });

  it("carries the caller's rights on every file row, in the listing, its pages, search and the file page", async () => {
    const r = await room('rights');
    const uploader = await setMember(r, 'upload_view', 'rights-upload-view');
    const viewer = await member(r, 'viewer');
    const theirs = await directOk(r, r.owner, { filename: 'a-owner.pdf', path: '/' });
    const mine = await twoStep(r, uploader, {
      filename: 'b-mine.pdf',
      path: '/',
      content_type: 'application/pdf',
      bytes: random(100),
    });
    const rightsOf = (rows: { id: string; can_edit: boolean; can_download: boolean; can_request_ai: boolean }[]) =>
      Object.fromEntries(rows.map((f) => [f.id, [f.can_edit, f.can_download, f.can_request_ai]]));
    const listed = async (token: string) => rightsOf((await call('GET', `${r.base}/files?path=/`, { token })).body.files);
    // The deal's admin manages every file; a member of upload_view manages only their own and downloads the rest.
    expect(await listed(r.owner.token)).toEqual({ [theirs.fileId]: [true, true, true], [mine.fileId]: [true, true, true] });
    expect(await listed(uploader.token)).toEqual({ [theirs.fileId]: [false, true, true], [mine.fileId]: [true, true, true] });
    const viewerRows = await listed(viewer.token);
    expect(viewerRows[theirs.fileId][0]).toBe(false);
    // Pages and search answer the same flags; the file page too.
    const paged = await call('GET', `${r.base}/files?path=/&limit=1&after=a-owner.pdf`, { token: uploader.token });
    expect(rightsOf(paged.body.files)).toEqual({ [mine.fileId]: [true, true, true] });
    const found = await call('GET', `${r.base}/files/search?q=pdf`, { token: uploader.token });
    expect(rightsOf(found.body.files)).toEqual({ [theirs.fileId]: [false, true, true], [mine.fileId]: [true, true, true] });
    expect(found.body.folders).toEqual([]);
    const page = await call('GET', `${r.base}/files/${theirs.fileId}`, { token: uploader.token });
    expect(page.body).toMatchObject({ can_edit: false, can_download: true, can_upload_version: false });
    // In an archived deal nobody edits, not the admin, not the uploader; downloads stay.
    expect((await call('PUT', `${r.base}/archive`, { token: r.owner.token })).status).toBe(200);
    expect(await listed(r.owner.token)).toEqual({ [theirs.fileId]: [false, true, false], [mine.fileId]: [false, true, false] });
    expect(await listed(uploader.token)).toEqual({ [theirs.fileId]: [false, true, false], [mine.fileId]: [false, true, false] });
  });

  it('pages only what the reader may see, and checks membership before the query', async () => {
    const r = await room('pagedvis');
    const viewer = await member(r, 'viewer');
    const hidden = await directOk(r, r.owner, { filename: 'b-hidden.pdf', path: '/' });
    for (const n of ['a.pdf', 'c.pdf']) await directOk(r, r.owner, { filename: n, path: '/' });
    await call('PUT', `${r.base}/files/${hidden.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    const seen = await call('GET', `${r.base}/files?path=/&limit=1&after=a.pdf`, { token: viewer.token });
    expect(names(seen.body.files)).toEqual(['c.pdf']);
    expect(seen.body.next_cursor).toBeNull();
    expect((await call('GET', `${r.base}/files?path=/&limit=10`, { token: viewer.token })).body.file_count).toBe(2);
    expect((await call('GET', `${r.base}/files/count?path=/`, { token: viewer.token })).body.file_count).toBe(2);
    expect((await call('GET', `${r.base}/files/count?path=/`, { token: r.owner.token })).body.file_count).toBe(3);
    expectError(await call('GET', `${r.base}/files/count?path=/Nowhere`, { token: viewer.token }), 404, PATH_404);
    for (const bad of ['0', '1001', 'ten', '2.5']) {
      expectError(await call('GET', `${r.base}/files?path=/&limit=${bad}`, { token: r.owner.token }), 400, /limit/);
    }
    expectError(
      await call('GET', `${r.base}/files?path=/&limit=5&after=${'x'.repeat(1025)}`, { token: r.owner.token }),
      400,
      /after/,
    );
    const stranger = await (await import('./helpers.ts')).registerUser('pager-stranger');
    expectError(await call('GET', `${r.base}/files?path=/&limit=ten`, { token: stranger.token }), 404);
    expectError(await call('GET', `${r.base}/files/count?path=/`, { token: stranger.token }), 404);
  });
});

describe('GET /deals/{id}/folders/{folderId}', () => {
  it('answers the folder with breadcrumbs and an item count of what is visibly inside', async () => {
    const r = await room('getfolder');
    const viewer = await member(r, 'viewer');
    const a = await mkdir(r, r.owner, 'A');
    const b = await mkdir(r, r.owner, 'B', '/A');
    await mkdir(r, r.owner, 'C', '/A/B');
    await directOk(r, r.owner, { filename: '1.txt', path: '/A' });
    await directOk(r, r.owner, { filename: '2.txt', path: '/A/B' });
    const res = await call('GET', `${r.base}/folders/${b.id}`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, name: 'B', full_path: '/A/B', path: '/A', parent_id: a.id, item_count: 2 });
    expect(res.body.breadcrumbs).toEqual([
      { name: 'Data Room', path: '/' },
      { name: 'A', path: '/A' },
      { name: 'B', path: '/A/B' },
    ]);
    expect((await call('GET', `${r.base}/folders/${a.id}`, { token: r.owner.token })).body.item_count).toBe(4);
    expect((await call('GET', `${r.base}/folders/${a.id}`, { token: viewer.token })).body.item_count).toBe(4);

    // Archived and hidden files are not items a person can see in the folder.
    const archived = await directOk(r, r.owner, { filename: 'archived.txt', path: '/A' });
    expect((await call('PUT', `${r.base}/files/${archived.fileId}/archive`, { token: r.owner.token })).status).toBe(200);
    const hidden = await directOk(r, r.owner, { filename: 'hidden.txt', path: '/A' });
    expect(
      (
        await call('PUT', `${r.base}/files/${hidden.fileId}/permissions`, {
          token: r.owner.token,
          body: { type: 'custom', denied_users: [viewer.id] },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', `${r.base}/folders/${a.id}`, { token: r.owner.token })).body.item_count).toBe(5);
    expect((await call('GET', `${r.base}/folders/${a.id}`, { token: viewer.token })).body.item_count).toBe(4);
  });

  it("is 404 for a non-UUID, unknown, archived or other deal's folder", async () => {
    const r = await room('getfolder404');
    const other = await room('getfolder404b');
    const theirs = await mkdir(other, other.owner, 'Theirs');
    await (await import('./helpers.ts')).addMember(other.deal.id, r.owner, 'admin');
    const mine = await mkdir(r, r.owner, 'Mine');
    await call('PUT', `${r.base}/folders/${mine.id}/archive`, { token: r.owner.token });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', mine.id, theirs.id]) {
      expectError(await call('GET', `${r.base}/folders/${id}`, { token: r.owner.token }), 404, FOLDER_404);
    }
  });
});

describe('POST /deals/{id}/folders', () => {
  it('validates the name, refuses duplicates with 409, and places folders by path or parent_id', async () => {
    const r = await room('mkfolder');
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: '  ', path: '/' } }),
      400,
      'Please enter a folder name',
    );
    const fin = await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: '  Finance  ', path: '/' } });
    expect(fin.status).toBe(201);
    expect(fin.body).toMatchObject({ name: 'Finance', full_path: '/Finance', path: '/', parent_id: null, archived_at: null });
    expect(fin.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'finance', path: '/' } }),
      409,
      'A folder named "finance" already exists here',
    );
    const child = await call('POST', `${r.base}/folders`, {
      token: r.owner.token,
      body: { name: 'Finance', parent_id: fin.body.id },
    });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ full_path: '/Finance/Finance', parent_id: fin.body.id });
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'X', path: '/Missing' } }),
      404,
      PATH_404,
    );
    expectError(
      await call('POST', `${r.base}/folders`, {
        token: r.owner.token,
        body: { name: 'X', parent_id: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
      FOLDER_404,
    );
    expectError(await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'X', parent_id: 'nope' } }), 400);
    // A folder name that once was archived can be used again.
    await call('PUT', `${r.base}/folders/${child.body.id}/archive`, { token: r.owner.token });
    expect(
      (await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'Finance', path: '/Finance' } })).status,
    ).toBe(201);
    const rows =
      await sql`select name, full_path, created_by from public.folders where deal_id = ${r.deal.id} order by full_path, created_at`;
    expect(rows.map((f) => f.full_path)).toEqual(['/Finance', '/Finance/Finance', '/Finance/Finance']);
    expect(rows.every((f) => f.created_by === r.owner.id)).toBe(true);
  });

  it('a folder in another deal cannot be a parent', async () => {
    const r = await room('mkcross');
    const other = await room('mkcross2');
    const theirs = await mkdir(other, other.owner, 'Theirs');
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'Sneaky', parent_id: theirs.id } }),
      404,
      FOLDER_404,
    );
    expect(await sql`select 1 from public.folders where name = 'Sneaky'`).toHaveLength(0);
  });
});

describe('archiving and deleting folders', () => {
  it('archiving a folder archives its subtree; its files leave listings and search', async () => {
    const r = await room('archive');
    const viewer = await member(r, 'viewer');
    const top = await mkdir(r, r.owner, 'Top');
    await mkdir(r, r.owner, 'Sub', '/Top');
    await mkdir(r, r.owner, 'Stay');
    const f1 = await directOk(r, r.owner, { filename: 'archivable-1.txt', path: '/Top' });
    const f2 = await directOk(r, r.owner, { filename: 'archivable-2.txt', path: '/Top/Sub' });
    await directOk(r, r.owner, { filename: 'archivable-3.txt', path: '/Stay' });
    expectError(
      await call('PUT', `${r.base}/folders/${top.id}/archive`, { token: viewer.token }),
      403,
      "You don't have permission to archive folders",
    );
    const res = await call('PUT', `${r.base}/folders/${top.id}/archive`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: top.id, archived_folders: 2, archived_files: 2 });
    const root = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect(names(root.body.folders)).toEqual(['Stay']);
    expectError(await call('GET', `${r.base}/files?path=/Top/Sub`, { token: r.owner.token }), 404, PATH_404);
    const search = await call('GET', `${r.base}/files/search?q=archivable`, { token: r.owner.token });
    expect(names(search.body.files)).toEqual(['archivable-3.txt']);
    expect(names((await call('GET', `${r.base}/files/search?q=sub`, { token: r.owner.token })).body.folders)).toEqual([]);
    const rows = await fileRows(r.deal.id);
    expect(
      rows
        .filter((f) => f.archived_at)
        .map((f) => f.id)
        .sort(),
    ).toEqual([f1.fileId, f2.fileId].sort());
    expectError(await call('PUT', `${r.base}/folders/${top.id}/archive`, { token: r.owner.token }), 404, FOLDER_404);
  });

  it('deleting a folder reports counts and removes the rows and the stored bytes of everything inside', async () => {
    const r = await room('rmfolder');
    const viewer = await member(r, 'viewer');
    const contributor = await member(r, 'contributor');
    const top = await mkdir(r, r.owner, 'Doomed');
    await mkdir(r, r.owner, 'Inner', '/Doomed');
    await mkdir(r, r.owner, 'Innermost', '/Doomed/Inner');
    await mkdir(r, r.owner, 'Survivor');
    const a = await directOk(r, r.owner, { filename: 'a.txt', path: '/Doomed' });
    const b = await twoStep(r, contributor, { filename: 'b.txt', path: '/Doomed/Inner' });
    const c = await directOk(r, viewer, { filename: 'c.txt', path: '/Doomed/Inner/Innermost' });
    // A second version, a file hidden from the deleter's view of others, and an unfinished upload.
    const v2 = await call('POST', `${r.base}/files/${a.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
    expect((await postToStore(v2.body.upload_url, random(10))).status).toBe(201);
    await call('POST', `${r.base}/files/${a.fileId}/versions/upload-complete`, {
      token: r.owner.token,
      body: { storage_path: v2.body.storage_path, file_size: 10 },
    });
    expect(
      (
        await call('PUT', `${r.base}/files/${b.fileId}/permissions`, {
          token: contributor.token,
          body: { type: 'custom', denied_users: [viewer.id] },
        })
      ).status,
    ).toBe(200);
    const pending = await call('POST', `${r.base}/files/upload-url`, {
      token: viewer.token,
      body: { filename: 'pending.txt', path: '/Doomed/Inner' },
    });
    expect((await postToStore(pending.body.upload_url, random(5))).status).toBe(201);
    const keep = await directOk(r, r.owner, { filename: 'keep.txt', path: '/Survivor' });
    expect(objectsOf(r.deal.id)).toHaveLength(2 * 6);

    expectError(
      await call('DELETE', `${r.base}/folders/${top.id}`, { token: viewer.token }),
      403,
      "You don't have permission to delete folders",
    );
    expect(objectsOf(r.deal.id)).toHaveLength(12);

    const res = await call('DELETE', `${r.base}/folders/${top.id}`, { token: contributor.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: top.id, deleted_folders: 3, deleted_files: 3 });
    expect((await fileRows(r.deal.id)).map((f) => f.id)).toEqual([keep.fileId]);
    expect(await sql`select name from public.folders where deal_id = ${r.deal.id}`).toEqual([{ name: 'Survivor' }]);
    for (const id of [a.fileId, b.fileId, c.fileId, pending.body.file_id]) {
      expect(
        await sql`select 1 from public.file_versions where file_id = ${id} union all select 1 from public.upload_grants where file_id = ${id}`,
      ).toHaveLength(0);
    }
    expect(objectsOf(r.deal.id).filter((p) => !p.includes(keep.fileId))).toEqual([]);
    expect(objectsOf(r.deal.id)).toHaveLength(2);
    const deletes = await activities(r.deal.id, 'delete');
    expect(deletes.map((d) => d.description)).toEqual(['Deleted folder "Doomed" with 3 files']);
    expect(deletes[0]).toMatchObject({ user_id: contributor.id, metadata: { folder_id: top.id, path: '/Doomed' } });
    expectError(await call('DELETE', `${r.base}/folders/${top.id}`, { token: r.owner.token }), 404, FOLDER_404);
  });
});

// Rows removed by the folder's ON DELETE CASCADE must not each write an activity (they fire at trigger depth 1
// like the folder itself): one row for the whole subtree.
it('deleting a folder writes a single delete activity for the folder', async () => {
  const r = await room('rmfolderact');
  const top = await mkdir(r, r.owner, 'Doomed');
  await mkdir(r, r.owner, 'Inner', '/Doomed');
  await directOk(r, r.owner, { filename: 'a.txt', path: '/Doomed' });
  await directOk(r, r.owner, { filename: 'b.txt', path: '/Doomed/Inner' });
  expect((await call('DELETE', `${r.base}/folders/${top.id}`, { token: r.owner.token })).status).toBe(200);
  const rows = await activities(r.deal.id, 'delete');
  expect(rows.map((a) => a.description)).toEqual(['Deleted folder "Doomed" with 2 files']);
  expect(rows[0]).toMatchObject({ user_id: r.owner.id, metadata: { folder_id: top.id, path: '/Doomed' } });
});

describe('GET /deals/{id}/files/search', () => {
  it('matches file names, tags and folder names across the whole deal, case-insensitively', async () => {
    const r = await room('search');
    await mkdir(r, r.owner, 'Tax Returns');
    await mkdir(r, r.owner, 'Deep', '/Tax Returns');
    await mkdir(r, r.owner, 'Taxonomy', '/Tax Returns/Deep');
    await directOk(r, r.owner, { filename: 'Federal TAX 2023.pdf', path: '/Tax Returns/Deep' });
    await directOk(r, r.owner, { filename: 'minutes.docx', path: '/', tags: ['board', 'taxes'] });
    await directOk(r, r.owner, { filename: 'unrelated.txt', path: '/' });
    await directOk(r, r.owner, { filename: '100% done_v2.txt', path: '/' });
    const res = await call('GET', `${r.base}/files/search?q=tax`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('tax');
    expect(names(res.body.files)).toEqual(['Federal TAX 2023.pdf', 'minutes.docx']);
    expect(res.body.files[0]).toMatchObject({ path: '/Tax Returns/Deep', file_type: 'pdf' });
    expect(res.body.files[1].tags).toEqual(['board', 'taxes']);
    expect(res.body.files[1]).toMatchObject({ size_bytes: 1000 });
    expect(names(res.body.folders)).toEqual(['Tax Returns', 'Taxonomy']);
    expect(res.body.folders[1]).toMatchObject({ full_path: '/Tax Returns/Deep/Taxonomy' });
    expect(names((await call('GET', `${r.base}/files/search?q=BOARD`, { token: r.owner.token })).body.files)).toEqual([
      'minutes.docx',
    ]);
    // % and _ are literal characters, not wildcards.
    expect(
      names((await call('GET', `${r.base}/files/search?q=${encodeURIComponent('%')}`, { token: r.owner.token })).body.files),
    ).toEqual(['100% done_v2.txt']);
    expect(names((await call('GET', `${r.base}/files/search?q=_`, { token: r.owner.token })).body.files)).toEqual([
      '100% done_v2.txt',
    ]);
    expect((await call('GET', `${r.base}/files/search?q=zzz`, { token: r.owner.token })).body).toEqual({
      query: 'zzz',
      folders: [],
      files: [],
    });
    expectError(
      await call('GET', `${r.base}/files/search?q=%20%20`, { token: r.owner.token }),
      400,
      'Type something to search for',
    );
    expectError(await call('GET', `${r.base}/files/search`, { token: r.owner.token }), 400);
  });

  it('finds a name with accented capitals typed as it is written', async () => {
    const r = await room('searchuni');
    await directOk(r, r.owner, { filename: 'ÉTUDE Générale.pdf', path: '/' });
    await directOk(r, r.owner, { filename: 'étude locale.pdf', path: '/' });
    expect(
      names((await call('GET', `${r.base}/files/search?q=${encodeURIComponent('LOCALE')}`, { token: r.owner.token })).body.files),
    ).toEqual(['étude locale.pdf']);
    await mkdir(r, r.owner, 'Ärger Österreich');
    expect(
      names((await call('GET', `${r.base}/files/search?q=${encodeURIComponent('ÉTUDE')}`, { token: r.owner.token })).body.files),
    ).toEqual(['ÉTUDE Générale.pdf', 'étude locale.pdf']);
    for (const q of ['ÉTUDE G', 'Générale', 'tude g', 'GÉNÉRALE'.normalize('NFD')]) {
      const res = await call('GET', `${r.base}/files/search?q=${encodeURIComponent(q)}`, { token: r.owner.token });
      expect(names(res.body.files), q).toEqual(['ÉTUDE Générale.pdf']);
    }
    expect(
      names(
        (await call('GET', `${r.base}/files/search?q=${encodeURIComponent('Österreich')}`, { token: r.owner.token })).body
          .folders,
      ),
    ).toEqual(['Ärger Österreich']);
  });

  it('respects visibility: a file hidden from a viewer is not found by them', async () => {
    const r = await room('searchvis');
    const viewer = await member(r, 'viewer');
    const secret = await directOk(r, r.owner, { filename: 'secret-plan.pdf', path: '/', tags: ['confidential'] });
    await directOk(r, r.owner, { filename: 'public-plan.pdf', path: '/' });
    await call('PUT', `${r.base}/files/${secret.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(names((await call('GET', `${r.base}/files/search?q=plan`, { token: r.owner.token })).body.files)).toEqual([
      'public-plan.pdf',
      'secret-plan.pdf',
    ]);
    expect(names((await call('GET', `${r.base}/files/search?q=plan`, { token: viewer.token })).body.files)).toEqual([
      'public-plan.pdf',
    ]);
    expect((await call('GET', `${r.base}/files/search?q=confidential`, { token: viewer.token })).body.files).toEqual([]);
    const stranger = await (await import('./helpers.ts')).registerUser('stranger');
    expectError(await call('GET', `${r.base}/files/search?q=plan`, { token: stranger.token }), 404);
  });
});
