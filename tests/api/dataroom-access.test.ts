import { describe, expect, it } from 'vitest';
import { app, call, registerUser, sql, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  directOk,
  fileRows,
  formOf,
  member,
  mkdir,
  names,
  objectsOf,
  postToStore,
  random,
  requestJson,
  room,
  twoStep,
  type Room,
} from './dataroom-lib.ts';

const DEAL_404 = "Deal not found or you don't have access to it.";

/** Every data-room endpoint, with a valid body, against one deal, one file and one folder. */
function endpoints(r: Room, fileId: string, folderId: string, storagePath: string): [string, string, unknown?][] {
  const f = `${r.base}/files/${fileId}`;
  return [
    ['GET', `${r.base}/files?path=/`],
    ['GET', `${r.base}/files?path=/Folder`],
    ['GET', `${r.base}/files/search?q=a`],
    ['GET', `${r.base}/folders/${folderId}`],
    ['POST', `${r.base}/folders`, { name: 'Intruder', path: '/' }],
    ['PUT', `${r.base}/folders/${folderId}/archive`],
    ['DELETE', `${r.base}/folders/${folderId}`],
    ['POST', `${r.base}/files/upload-url`, { filename: 'intruder.txt', path: '/' }],
    ['POST', `${f}/upload-complete`, { file_size: 10 }],
    ['POST', `${f}/versions/upload-url`, { filename: 'x.txt' }],
    ['POST', `${f}/versions/upload-complete`, { storage_path: storagePath, file_size: 10 }],
    ['GET', f],
    ['PUT', f, { tags: ['x'] }],
    ['PUT', f, { approval_status: 'approved' }],
    ['PUT', `${f}/tags-links`, { tags: ['x'] }],
    ['PUT', `${f}/approval`, { status: 'approved' }],
    ['PUT', `${f}/archive`],
    ['DELETE', f],
    ['GET', `${f}/download`],
    ['GET', `${f}/download-url`],
    ['GET', `${f}/versions`],
    ['GET', `${f}/versions/1/download-url`],
    ['GET', `${f}/comments`],
    ['POST', `${f}/comments`, { comment: 'hello' }],
    ['GET', `${f}/metadata`],
    ['PUT', `${f}/metadata`, { document_type: 'NDA' }],
    ['GET', `${f}/permissions`],
    ['PUT', `${f}/permissions`, { type: 'all' }],
    ['GET', `${r.base}/users-enhanced`],
  ];
}

async function populated() {
  const r = await room('access');
  const folder = await mkdir(r, r.owner, 'Folder');
  const up = await twoStep(r, r.owner, { filename: 'target.txt', path: '/Folder', tags: ['a'] });
  const v = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
  await postToStore(v.body.upload_url, random(10));
  return { r, folder, up, storagePath: v.body.storage_path as string };
}

async function snapshot(dealId: string) {
  const files =
    await sql`select id, name, tags, approval_status, archived_at, permission_type, current_version from public.files where deal_id = ${dealId} order by id`;
  const folders = await sql`select id, name, archived_at from public.folders where deal_id = ${dealId} order by id`;
  const comments = await sql`select id from public.file_comments where deal_id = ${dealId}`;
  const meta = await sql`select file_id from public.file_metadata where deal_id = ${dealId}`;
  return { files, folders, comments, meta };
}

describe('strangers', () => {
  it("get 404 on every data-room endpoint of someone else's deal, and change nothing", async () => {
    const { r, folder, up, storagePath } = await populated();
    const stranger = await registerUser('stranger');
    await registerUser('stranger-deal').then(async (u) => (await import('./helpers.ts')).createDeal(u, 'x', 'blank'));
    const before = await snapshot(r.deal.id);
    const disk = objectsOf(r.deal.id);
    for (const [method, path, body] of endpoints(r, up.fileId, folder.id, storagePath)) {
      const res = await call(method, path, { token: stranger.token, body });
      expectError(res, 404, DEAL_404);
    }
    const form = new FormData();
    form.append('file', new Blob([random(10)]), 'x.txt');
    expectError(await requestJson(`${r.base}/files/upload`, stranger.token, form), 404, DEAL_404);
    expect(await snapshot(r.deal.id)).toEqual(before);
    expect(objectsOf(r.deal.id)).toEqual(disk);
  });

  it('without a token every endpoint is 401', async () => {
    const { r, folder, up, storagePath } = await populated();
    for (const [method, path, body] of endpoints(r, up.fileId, folder.id, storagePath)) {
      expectError(await call(method, path, { body }), 401);
    }
    expectError(await requestJson(`${r.base}/files/upload`, undefined, formOf({ path: '/' })), 401);
  });

  it('suspended and inactive members are strangers', async () => {
    const { r, folder, up, storagePath } = await populated();
    for (const status of ['suspended', 'inactive']) {
      const m = await member(r, 'admin');
      await sql`update public.deal_members set status = ${status} where deal_id = ${r.deal.id} and user_id = ${m.id}`;
      for (const [method, path, body] of endpoints(r, up.fileId, folder.id, storagePath).slice(0, 12)) {
        expectError(await call(method, path, { token: m.token, body }), 404, DEAL_404);
      }
    }
    expect(await fileRows(r.deal.id)).toHaveLength(1);
  });
});

describe('viewers', () => {
  it("cannot create, archive or delete folders, nor delete others' files, but may upload", async () => {
    const r = await room('viewer');
    const viewer = await member(r, 'viewer');
    const folder = await mkdir(r, r.owner, 'Owned');
    const file = await directOk(r, r.owner, { filename: 'owned.txt', path: '/Owned' });
    expectError(
      await call('POST', `${r.base}/folders`, { token: viewer.token, body: { name: 'Mine', path: '/' } }),
      403,
      "You don't have permission to create folders.",
    );
    expectError(await call('PUT', `${r.base}/folders/${folder.id}/archive`, { token: viewer.token }), 403);
    expectError(await call('DELETE', `${r.base}/folders/${folder.id}`, { token: viewer.token }), 403);
    expectError(
      await call('DELETE', `${r.base}/files/${file.fileId}`, { token: viewer.token }),
      403,
      "You don't have permission to delete this file.",
    );
    expect(await sql`select name from public.folders where deal_id = ${r.deal.id}`).toEqual([{ name: 'Owned' }]);
    expect((await fileRows(r.deal.id)).map((f) => f.archived_at)).toEqual([null]);
    expect(objectsOf(r.deal.id)).toHaveLength(2);
    const own = await twoStep(r, viewer, { filename: 'viewer.txt', path: '/Owned' });
    expect(own.file.uploaded_by).toBe(viewer.id);
    const listing = await call('GET', `${r.base}/files?path=/Owned`, { token: viewer.token });
    expect(names(listing.body.files)).toEqual(['owned.txt', 'viewer.txt']);
    expect(listing.body.capabilities).not.toContain('edit_folders');
  });
});

describe('custom file permissions', () => {
  async function hiddenFrom(r: Room, user: TestUser, fileId: string) {
    const listing = await call('GET', `${r.base}/files?path=/`, { token: user.token });
    expect(listing.status).toBe(200);
    expect(listing.body.files.map((f: any) => f.id)).not.toContain(fileId);
    const search = await call('GET', `${r.base}/files/search?q=board`, { token: user.token });
    expect(search.body.files.map((f: any) => f.id)).not.toContain(fileId);
    for (const suffix of [
      '',
      '/download-url',
      '/download',
      '/versions',
      '/versions/1/download-url',
      '/comments',
      '/metadata',
      '/permissions',
    ]) {
      expectError(await call('GET', `${r.base}/files/${fileId}${suffix}`, { token: user.token }), 404, 'File not found');
    }
    expectError(
      await call('POST', `${r.base}/files/${fileId}/comments`, { token: user.token, body: { comment: 'peek' } }),
      404,
      'File not found',
    );
  }

  async function visibleTo(r: Room, user: TestUser, fileId: string) {
    const listing = await call('GET', `${r.base}/files?path=/`, { token: user.token });
    expect(listing.body.files.map((f: any) => f.id)).toContain(fileId);
    expect(
      (await call('GET', `${r.base}/files/search?q=board`, { token: user.token })).body.files.map((f: any) => f.id),
    ).toContain(fileId);
    expect((await call('GET', `${r.base}/files/${fileId}`, { token: user.token })).status).toBe(200);
    expect((await call('GET', `${r.base}/files/${fileId}/download-url`, { token: user.token })).status).toBe(200);
  }

  it('denied_users hides the file from that viewer everywhere; admin and uploader still see it', async () => {
    const r = await room('perm');
    const uploader = await member(r, 'contributor', 'uploader');
    const viewer = await member(r, 'viewer');
    const other = await member(r, 'viewer', 'otherviewer');
    const up = await directOk(r, uploader, { filename: 'board-pack.pdf', path: '/' });
    const res = await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
      token: uploader.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ type: 'custom', denied_users: [viewer.id], allowed_users: [] });
    await hiddenFrom(r, viewer, up.fileId);
    // 'custom' with nobody allowed shows the file only to admins and its uploader.
    await hiddenFrom(r, other, up.fileId);
    await visibleTo(r, r.owner, up.fileId);
    await visibleTo(r, uploader, up.fileId);

    const perms = await call('GET', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token });
    expect(perms.status).toBe(200);
    expect(perms.body).toEqual({
      type: 'custom',
      allowed_users: [],
      allowed_groups: [],
      allowed_tags: [],
      denied_users: [viewer.id],
      denied_groups: [],
      denied_tags: [],
      can_edit: true,
    });

    // The feed does not name the hidden file to those who cannot see it.
    const fileIdsInFeed = async (u: TestUser) =>
      (await call('GET', `${r.base}/activity`, { token: u.token })).body.map((a: any) => a.metadata?.file_id).filter(Boolean);
    expect(await fileIdsInFeed(r.owner)).toContain(up.fileId);
    expect(await fileIdsInFeed(viewer)).not.toContain(up.fileId);

    // Back to everyone.
    expect(
      (await call('PUT', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token, body: { type: 'all' } })).status,
    ).toBe(200);
    expect(await fileIdsInFeed(viewer)).toContain(up.fileId);
    await visibleTo(r, viewer, up.fileId);
  });

  it('allowed_users lets a viewer in, but the same id also denied stays out (denied wins)', async () => {
    const r = await room('permwin');
    const viewer = await member(r, 'viewer');
    const allowed = await member(r, 'viewer', 'allowed');
    const up = await directOk(r, r.owner, { filename: 'board-minutes.pdf', path: '/' });
    const res = await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', allowed_users: [allowed.id, viewer.id], denied_users: [viewer.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.allowed_users).toEqual([allowed.id]);
    expect(res.body.denied_users).toEqual([viewer.id]);
    await hiddenFrom(r, viewer, up.fileId);
    await visibleTo(r, allowed, up.fileId);
    // Even written straight into the table, an id in both lists is denied (the database's own rule).
    await sql`update public.file_permissions set allowed_users = array[${viewer.id}::uuid, ${allowed.id}::uuid] where file_id = ${up.fileId}`;
    await hiddenFrom(r, viewer, up.fileId);
    const perms = await call('GET', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token });
    expect(perms.body.allowed_users).toEqual([viewer.id, allowed.id]);
    expect(perms.body.denied_users).toEqual([viewer.id]);
  });

  it('refuses naming a non-member (400) and changes nothing; only editors or the uploader may change permissions', async () => {
    const r = await room('permbad');
    const viewer = await member(r, 'viewer');
    const outsider = await registerUser('outsider');
    const up = await directOk(r, r.owner, { filename: 'board.pdf', path: '/' });
    for (const body of [
      { type: 'custom', allowed_users: [outsider.id] },
      { type: 'custom', denied_users: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      expectError(
        await call('PUT', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token, body }),
        400,
        'Permissions can only name members of this deal.',
      );
    }
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token, body: { type: 'secret' } }),
      400,
      'type must be all or custom',
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
        token: r.owner.token,
        body: { type: 'custom', allowed_users: ['nope'] },
      }),
      400,
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
        token: viewer.token,
        body: { type: 'custom', denied_users: [r.owner.id] },
      }),
      403,
      "You don't have permission to change who can see this file.",
    );
    expect((await sql`select permission_type from public.files where id = ${up.fileId}`)[0].permission_type).toBe('all');
    expect(await sql`select 1 from public.file_permissions where file_id = ${up.fileId}`).toHaveLength(0);
    const perms = await call('GET', `${r.base}/files/${up.fileId}/permissions`, { token: viewer.token });
    expect(perms.body).toMatchObject({ type: 'all', allowed_users: [], denied_users: [], can_edit: false });
  });

  it("a hidden file's bytes cannot be fetched, and a denied member cannot add a version to it", async () => {
    const r = await room('permbytes');
    const contributor = await member(r, 'contributor');
    const up = await twoStep(r, r.owner, { filename: 'board-secret.bin' });
    await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [contributor.id] },
    });
    expectError(
      await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: contributor.token, body: {} }),
      404,
      'File not found',
    );
    expectError(await call('PUT', `${r.base}/files/${up.fileId}/archive`, { token: contributor.token }), 404, 'File not found');
    expectError(await call('DELETE', `${r.base}/files/${up.fileId}`, { token: contributor.token }), 404, 'File not found');
    expect(await fileRows(r.deal.id)).toHaveLength(1);
    expect(objectsOf(r.deal.id)).toHaveLength(2);
    const res = await app.request(`${r.base}/files/${up.fileId}/download`, {
      headers: { authorization: `Bearer ${contributor.token}` },
    });
    expect(res.status).toBe(404);
  });
});
