import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobDir, call } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  activities,
  download,
  member,
  newVersion,
  objectPath,
  objectsOf,
  postFields,
  postToStore,
  random,
  room,
  sha256,
  twoStep,
  versionRows,
} from './dataroom-lib.ts';

describe('file versions', () => {
  it('uploads version 2, lists versions, and still serves the old bytes of version 1', async () => {
    const r = await room('ver');
    const v1 = await twoStep(r, r.owner, { filename: 'Plan.txt', bytes: random(3000), content_type: 'text/plain' });
    const start = await call('POST', `${r.base}/files/${v1.fileId}/versions/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Plan v2.txt', content_type: 'text/plain' },
    });
    expect(start.status).toBe(200);
    expect(start.body.next_version_number).toBe(2);
    expect(start.body.storage_path).toBe(objectPath(r.deal.id, v1.fileId, 2));
    expect(start.body.upload_url).toMatch(/^\/storage\/v1\/upload\//);
    const bytes2 = random(4500);
    expect((await postToStore(start.body.upload_url, bytes2)).status).toBe(201);
    const done = await postFields(`${r.base}/files/${v1.fileId}/versions/upload-complete`, r.owner.token, {
      storage_path: start.body.storage_path,
      file_size: bytes2.length,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: v1.fileId, name: 'Plan.txt', current_version: 2 });
    expect(done.body.size_bytes).toBe(bytes2.length);

    const list = await call('GET', `${r.base}/files/${v1.fileId}/versions`, { token: r.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((v: any) => v.version_number)).toEqual([2, 1]);
    expect(list.body.map((v: any) => v.file_size)).toEqual([bytes2.length, 3000]);
    expect(list.body.map((v: any) => v.sha256)).toEqual([sha256(bytes2), sha256(v1.bytes)]);
    expect(list.body.map((v: any) => v.original_name)).toEqual(['Plan v2.txt', 'Plan.txt']);
    for (const v of list.body) expect(Number.isNaN(Date.parse(v.uploaded_at))).toBe(false);

    const old = await download(r, r.owner, v1.fileId, 1);
    expect(sha256(old.bytes)).toBe(sha256(v1.bytes));
    expect(old.url).toMatchObject({ version_number: 1, filename: 'Plan.txt', expires_in: 15 * 60 + 1 });
    const current = await download(r, r.owner, v1.fileId);
    expect(sha256(current.bytes)).toBe(sha256(bytes2));
    expect(current.url).toMatchObject({ version_number: 2, filename: 'Plan.txt' });
    const explicit2 = await download(r, r.owner, v1.fileId, 2);
    expect(sha256(explicit2.bytes)).toBe(sha256(bytes2));
    expect((await versionRows(v1.fileId)).map((v) => v.sha256)).toEqual([sha256(v1.bytes), sha256(bytes2)]);
    expect(existsSync(join(blobDir, objectPath(r.deal.id, v1.fileId, 2)))).toBe(true);

    // Version 3 takes the next number.
    const v3 = await newVersion(r, r.owner, v1.fileId, random(10));
    expect(v3.start.next_version_number).toBe(3);
    expect(v3.done.body.current_version).toBe(3);
    // Completing version 2 again changes nothing.
    const again = await postFields(
      `${r.base}/files/${v1.fileId}/versions/upload-complete`,
      r.owner.token,
      { storage_path: start.body.storage_path, file_size: bytes2.length },
      'json',
    );
    expect(again.status).toBe(200);
    expect(again.body.current_version).toBe(3);
    expect(await versionRows(v1.fileId)).toHaveLength(3);

    expectError(
      await call('GET', `${r.base}/files/${v1.fileId}/versions/4/download-url`, { token: r.owner.token }),
      404,
      'Version 4 of this file does not exist.',
    );
    for (const n of ['0', '-1', 'abc', '1.5']) {
      expectError(await call('GET', `${r.base}/files/${v1.fileId}/versions/${n}/download-url`, { token: r.owner.token }), 404);
    }
  });

  it('refuses a storage_path not issued for this file, and a mismatched file_size, recording nothing', async () => {
    const r = await room('verbad');
    const a = await twoStep(r, r.owner, { filename: 'a.txt' });
    const b = await twoStep(r, r.owner, { filename: 'b.txt' });
    const start = await call('POST', `${r.base}/files/${a.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
    const bytes = random(2222);
    expect((await postToStore(start.body.upload_url, bytes)).status).toBe(201);
    const complete = (fileId: string, fields: Record<string, string | number>) =>
      postFields(`${r.base}/files/${fileId}/versions/upload-complete`, r.owner.token, fields);

    const notIssued = 'That storage_path was not issued for this file.';
    expectError(await complete(b.fileId, { storage_path: start.body.storage_path, file_size: 2222 }), 400, notIssued);
    expectError(await complete(a.fileId, { storage_path: objectPath(r.deal.id, a.fileId, 9), file_size: 2222 }), 400, notIssued);
    expectError(await complete(a.fileId, { storage_path: objectPath(r.deal.id, b.fileId, 1), file_size: 1000 }), 400, notIssued);
    expectError(await complete(a.fileId, { storage_path: '../../etc/passwd', file_size: 2222 }), 400, notIssued);
    expectError(await complete(a.fileId, { file_size: 2222 }), 400, 'storage_path is required.');
    expectError(await complete(a.fileId, { storage_path: start.body.storage_path }), 400, 'file_size is required.');
    expectError(
      await complete(a.fileId, { storage_path: start.body.storage_path, file_size: 2223 }),
      400,
      'The stored file is 2222 bytes but file_size says 2223. Upload the file again.',
    );

    expect(await versionRows(a.fileId)).toHaveLength(1);
    expect(await versionRows(b.fileId)).toHaveLength(1);
    const file = await call('GET', `${r.base}/files/${a.fileId}`, { token: r.owner.token });
    expect(file.body.current_version).toBe(1);
    expect(sha256((await download(r, r.owner, a.fileId)).bytes)).toBe(sha256(a.bytes));

    // The right size still completes it afterwards.
    const ok = await complete(a.fileId, { storage_path: start.body.storage_path, file_size: 2222 });
    expect(ok.status).toBe(200);
    expect(ok.body.current_version).toBe(2);
  });

  it('only the uploader, admins and editors may add a version; a viewer may version their own file', async () => {
    const r = await room('verwho');
    const viewer = await member(r, 'viewer');
    const contributor = await member(r, 'contributor');
    const owners = await twoStep(r, r.owner, { filename: 'owner.txt' });
    expectError(
      await call('POST', `${r.base}/files/${owners.fileId}/versions/upload-url`, { token: viewer.token, body: {} }),
      403,
      "You don't have permission to upload a new version of this file.",
    );
    const byContributor = await newVersion(r, contributor, owners.fileId, random(50));
    expect(byContributor.done.status).toBe(200);
    expect(byContributor.done.body.current_version).toBe(2);
    const mine = await twoStep(r, viewer, { filename: 'viewer.txt' });
    const own = await newVersion(r, viewer, mine.fileId, random(60));
    expect(own.done.body.current_version).toBe(2);
    expectError(
      await call('POST', `${r.base}/files/${owners.fileId}/versions/upload-url`, {
        token: r.owner.token,
        body: { filename: '../x' },
      }),
      400,
    );
    expectError(
      await call('POST', `${r.base}/files/${owners.fileId}/versions/upload-url`, {
        token: r.owner.token,
        body: { content_type: 'not a type' },
      }),
      400,
    );
  });

  it('two people starting a new version at once each get their own version number', async () => {
    const r = await room('verrace');
    const contributor = await member(r, 'contributor');
    const up = await twoStep(r, r.owner, { filename: 'Shared.docx' });
    const theirs = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: contributor.token, body: {} });
    expect(theirs.status).toBe(200);
    expect(theirs.body.next_version_number).toBe(2);
    // The owner cannot see the contributor's unfinished grant, yet must not collide with it.
    const mine = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.next_version_number).toBe(3);
    const b2 = random(20);
    const b3 = random(30);
    expect((await postToStore(theirs.body.upload_url, b2)).status).toBe(201);
    expect((await postToStore(mine.body.upload_url, b3)).status).toBe(201);
    // Finished out of order: the newest number wins as the current version.
    const done3 = await postFields(`${r.base}/files/${up.fileId}/versions/upload-complete`, r.owner.token, {
      storage_path: mine.body.storage_path,
      file_size: 30,
    });
    expect(done3.body.current_version).toBe(3);
    const done2 = await postFields(`${r.base}/files/${up.fileId}/versions/upload-complete`, contributor.token, {
      storage_path: theirs.body.storage_path,
      file_size: 20,
    });
    expect(done2.status).toBe(200);
    expect(done2.body.current_version).toBe(3);
    expect(sha256((await download(r, r.owner, up.fileId)).bytes)).toBe(sha256(b3));
    expect(sha256((await download(r, r.owner, up.fileId, 2)).bytes)).toBe(sha256(b2));
    expect((await versionRows(up.fileId)).map((v) => v.version_number)).toEqual([1, 2, 3]);
  });

  // KNOWN SCHEMA BUG (expected to fail until fixed; flip to `it` then): DELETE files/{id} collects storage keys
  // under RLS, and upload_grants_select (created_by = auth.uid()) hides other members' unfinished grants; the
  // grant rows then cascade away with the file, so neither the route nor sweepAbandonedUploads can find those
  // bytes again. Needs a security-definer private.file_storage_keys(file_id) (as private.delete_folder does).
  it('deleting a file removes the bytes of every version, including one another member is still uploading', async () => {
    const r = await room('verdel');
    const contributor = await member(r, 'contributor');
    const up = await twoStep(r, r.owner, { filename: 'Gone.txt' });
    await newVersion(r, r.owner, up.fileId, random(10));
    const unfinished = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, {
      token: contributor.token,
      body: {},
    });
    expect(unfinished.status).toBe(200);
    expect((await postToStore(unfinished.body.upload_url, random(15))).status).toBe(201);
    expect(objectsOf(r.deal.id)).toHaveLength(6);
    const del = await call('DELETE', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: up.fileId, deleted: true });
    expect(objectsOf(r.deal.id)).toEqual([]);
    expect(await activities(r.deal.id, 'delete')).toHaveLength(1);
  });

  it('answers 4xx, never 500, to a version number too large for the database', async () => {
    const r = await room('verhuge');
    const up = await twoStep(r, r.owner, { filename: 'n.txt' });
    for (const n of ['99999999999', '1e300', '9007199254740993']) {
      const res = await call('GET', `${r.base}/files/${up.fileId}/versions/${n}/download-url`, { token: r.owner.token });
      expectError(res, 404);
    }
  });
});

describe('what a version names', () => {
  it('people, organisations and languages are kept per version: a new one starts with them, edits change it alone', async () => {
    const r = await room('ver-names');
    const v1 = await twoStep(r, r.owner, { filename: 'SPA.txt', bytes: random(1000), content_type: 'text/plain' });
    const put = (body: Record<string, unknown>) =>
      call('PUT', `${r.base}/files/${v1.fileId}/metadata`, { token: r.owner.token, body });
    expect(
      (await put({ people_mentioned: ['Jane Doe'], named_organizations: ['Acme Ltd'], languages_used: ['English'] })).status,
    ).toBe(200);
    const names = async () =>
      (await call('GET', `${r.base}/files/${v1.fileId}/versions`, { token: r.owner.token })).body.map((v: any) => [
        v.version_number,
        v.people_mentioned,
        v.named_organizations,
        v.languages_used,
      ]);
    expect(await names()).toEqual([[1, ['Jane Doe'], ['Acme Ltd'], ['English']]]);

    expect((await newVersion(r, r.owner, v1.fileId, random(1200), { filename: 'SPA v2.txt' })).done.status).toBe(200);
    expect(await names()).toEqual([
      [2, ['Jane Doe'], ['Acme Ltd'], ['English']],
      [1, ['Jane Doe'], ['Acme Ltd'], ['English']],
    ]);

    expect((await put({ people_mentioned: ['Jane Doe', 'John Roe'], languages_used: ['English', 'German'] })).status).toBe(200);
    expect(await names()).toEqual([
      [2, ['Jane Doe', 'John Roe'], ['Acme Ltd'], ['English', 'German']],
      [1, ['Jane Doe'], ['Acme Ltd'], ['English']],
    ]);
    // The page's metadata is the current version's.
    const meta = await call('GET', `${r.base}/files/${v1.fileId}/metadata`, { token: r.owner.token });
    expect(meta.body.metadata).toMatchObject({
      people_mentioned: ['Jane Doe', 'John Roe'],
      languages_used: ['English', 'German'],
    });
  });
});
