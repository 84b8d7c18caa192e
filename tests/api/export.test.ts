// ZIP exports (docs/decisions.md decision 48): the streamed archive holds each stored file byte for byte
// under its folder, names made safe and mapped in the manifest, refusals listed, hidden files not even
// named; a job's archive downloads through the blob store; each export is in the feed.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { appWith, call, MAX_UPLOAD_BYTES, sql, storage, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import { activities, directOk, getFromStore, member, mkdir, random, room, sha256, type Room } from './dataroom-lib.ts';
import { addSetMember } from './people-lib.ts';
import { registerUser } from './helpers.ts';
import { runOneExport } from '../../supabase/functions/_shared/jobs/exports.ts';
import { EXPORT_LIMITS } from '../../supabase/functions/_shared/export-plan.ts';
import type { MailMessage } from '../../supabase/functions/_shared/ports.ts';

/** Fetches a direct export's link (the API's own route, opened without the access token) and unzips it. */
async function fetchZip(url: string, api = { request: (p: string) => appWith({}).request(p) }) {
  const u = new URL(url);
  const res = await api.request(u.pathname + u.search);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const manifestSection = (manifest: string, title: string) => {
  const lines = manifest.split('\r\n');
  const start = lines.findIndex((l) => l.startsWith(title));
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end).map((l) => l.split('\t'));
};

async function exportOf(r: Room, user: TestUser, body: { file_ids?: string[]; folder_ids?: string[] }) {
  return call('POST', `${r.base}/exports`, { token: user.token, body });
}

async function tree(r: Room) {
  const board = await mkdir(r, r.owner, 'Board');
  const minutes = await mkdir(r, r.owner, 'Q1: "Minutes"', '/Board');
  // Empty folders are kept as folder entries ("Board/Empty/").
  await mkdir(r, r.owner, 'Empty', '/Board');
  await mkdir(r, r.owner, 'Deeper', '/Board/Empty');
  const files = {
    pack: await directOk(r, r.owner, { filename: 'pack.pdf', path: '/Board', bytes: random(70_000) }),
    odd: await directOk(r, r.owner, { filename: 'a:b?.pdf', path: '/Board/Q1: "Minutes"', bytes: random(5000) }),
    clash: await directOk(r, r.owner, { filename: 'a_b_.pdf', path: '/Board/Q1: "Minutes"', bytes: random(10) }),
    device: await directOk(r, r.owner, { filename: 'CON.txt', path: '/Board', bytes: random(20) }),
    dotted: await directOk(r, r.owner, { filename: 'draft.', path: '/Board', bytes: random(30) }),
    manifest: await directOk(r, r.owner, { filename: 'MANIFEST.txt', path: '/Board', bytes: random(40) }),
    outside: await directOk(r, r.owner, { filename: 'outside.pdf', path: '/', bytes: random(50) }),
  };
  return { board, minutes, files };
}

describe('ZIP export', () => {
  it('streams every file byte for byte under its folder, names made safe and mapped in the manifest', async () => {
    const r = await room('zip');
    const { board, files } = await tree(r);
    const res = await exportOf(r, r.owner, { folder_ids: [board.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ mode: 'direct', file_count: 6, refused: [], expires_in: 300 });
    expect(res.body.total_bytes).toBe(70_000 + 5000 + 10 + 20 + 30 + 40);
    const zip = await fetchZip(res.body.download_url);
    // Paths relative to the selection's common root (the folder's parent): "Board/…" at the top.
    const expected: Record<string, Uint8Array> = {
      'Board/pack.pdf': files.pack.bytes,
      'Board/Q1_ _Minutes_/a_b_.pdf': files.odd.bytes,
      'Board/Q1_ _Minutes_/a_b_ (2).pdf': files.clash.bytes,
      'Board/_CON.txt': files.device.bytes,
      'Board/draft': files.dotted.bytes,
      'Board/MANIFEST.txt': files.manifest.bytes,
    };
    expect(Object.keys(zip).sort()).toEqual(
      ['MANIFEST.txt', 'Board/Empty/', 'Board/Empty/Deeper/', ...Object.keys(expected)].sort(),
    );
    expect(zip['Board/Empty/']).toHaveLength(0);
    for (const [path, bytes] of Object.entries(expected)) expect(sha256(zip[path]), path).toBe(sha256(bytes));
    const manifest = text(zip['MANIFEST.txt']);
    const listed = manifestSection(manifest, 'FILES');
    expect(listed.map((l) => [l[0], l[1]]).sort()).toEqual(
      [
        ['Board/pack.pdf', '/Board/pack.pdf'],
        ['Board/Q1_ _Minutes_/a_b_.pdf', '/Board/Q1: "Minutes"/a:b?.pdf'],
        ['Board/Q1_ _Minutes_/a_b_ (2).pdf', '/Board/Q1: "Minutes"/a_b_.pdf'],
        ['Board/_CON.txt', '/Board/CON.txt'],
        ['Board/draft', '/Board/draft.'],
        ['Board/MANIFEST.txt', '/Board/MANIFEST.txt'],
      ].sort(),
    );
    expect(listed.find((l) => l[0] === 'Board/pack.pdf')?.[3]).toBe(sha256(files.pack.bytes));
    const renamed = manifestSection(manifest, 'RENAMED');
    expect(renamed).toEqual(
      expect.arrayContaining([
        ['Board/Q1_ _Minutes_/', '/Board/Q1: "Minutes"'],
        ['Board/Q1_ _Minutes_/a_b_.pdf', '/Board/Q1: "Minutes"/a:b?.pdf'],
        ['Board/_CON.txt', '/Board/CON.txt'],
        ['Board/draft', '/Board/draft.'],
      ]),
    );
    expect(res.body.renamed).toHaveLength(renamed.length);
    expect(manifestSection(manifest, 'REFUSED')).toEqual([]);

    // A file and a folder: their common root is "/", the file keeps its place.
    const mixed = await exportOf(r, r.owner, { file_ids: [files.outside.fileId], folder_ids: [board.id] });
    expect(mixed.status).toBe(201);
    const zip2 = await fetchZip(mixed.body.download_url);
    expect(sha256(zip2['outside.pdf'])).toBe(sha256(files.outside.bytes));
    expect(sha256(zip2['Board/pack.pdf'])).toBe(sha256(files.pack.bytes));

    // The feed: one entry per export with its count and size.
    const feed = await activities(r.deal.id, 'export');
    expect(feed.map((a) => [a.metadata.file_count, a.metadata.total_bytes])).toEqual([
      [6, 75_100],
      [7, 75_150],
    ]);
    expect(feed[0].description).toBe('Exported 6 files as ZIP (73 kB)');
  });

  it('leaves out what the caller may not download, lists it, and never names a hidden file', async () => {
    const r = await room('zip-rights');
    const folder = await mkdir(r, r.owner, 'Data');
    const open = await directOk(r, r.owner, { filename: 'open.pdf', path: '/Data', bytes: random(100) });
    const hidden = await directOk(r, r.owner, { filename: 'secret-plan.pdf', path: '/Data', bytes: random(100) });
    await mkdir(r, r.owner, 'Locked', '/Data');
    const locked = await directOk(r, r.owner, { filename: 'locked.pdf', path: '/Data/Locked', bytes: random(10) });
    const viewer = await member(r, 'viewer');
    const perms = await call('PUT', `${r.base}/files/${hidden.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(perms.status, JSON.stringify(perms.body)).toBe(200);

    const seen = await exportOf(r, viewer, { folder_ids: [folder.id] });
    expect(seen.status, JSON.stringify(seen.body)).toBe(201);
    const zip = await fetchZip(seen.body.download_url);
    expect(Object.keys(zip).sort()).toEqual(['Data/Locked/locked.pdf', 'Data/open.pdf', 'MANIFEST.txt']);
    expect(sha256(zip['Data/open.pdf'])).toBe(sha256(open.bytes));
    expect(text(zip['MANIFEST.txt'])).not.toContain('secret-plan');
    // Asked for by id, the hidden file does not exist for them.
    expectError(await exportOf(r, viewer, { file_ids: [hidden.fileId] }), 404);

    // A member who may view and upload but not download: their own upload goes, the rest is refused and listed.
    const uploader = await registerUser('zip-uploader');
    const sets = await call('POST', `${r.base}/permissions/sets`, {
      token: r.owner.token,
      body: { name: 'view and upload', description: 'no download', capabilities: ['view', 'upload'] },
    });
    expect(sets.status, JSON.stringify(sets.body)).toBe(201);
    await addSetMember(r.deal.id, uploader, sets.body.id);
    const mine = await directOk(r, uploader, { filename: 'mine.pdf', path: '/Data', bytes: random(60) });
    const partial = await exportOf(r, uploader, { folder_ids: [folder.id] });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    const reason = "You don't have permission to download this file.";
    expect(partial.body.refused).toEqual([
      { file_id: locked.fileId, path: '/Data/Locked/locked.pdf', reason },
      { file_id: open.fileId, path: '/Data/open.pdf', reason },
    ]);
    const zip2 = await fetchZip(partial.body.download_url);
    // The folder whose every file was refused is still there, empty; its refusal is in the manifest.
    expect(Object.keys(zip2).sort()).toEqual(['Data/Locked/', 'Data/mine.pdf', 'MANIFEST.txt']);
    expect(sha256(zip2['Data/mine.pdf'])).toBe(sha256(mine.bytes));
    expect(manifestSection(text(zip2['MANIFEST.txt']), 'REFUSED')).toEqual([
      ['/Data/Locked/locked.pdf', reason],
      ['/Data/open.pdf', reason],
    ]);
    // Only refusals: 403.
    expectError(await exportOf(r, uploader, { file_ids: [open.fileId] }), 403);

    // A view-only member: 403 at once.
    const looker = await registerUser('zip-looker');
    const viewSet = await call('POST', `${r.base}/permissions/sets`, {
      token: r.owner.token,
      body: { name: 'view only', description: 'looks', capabilities: ['view'] },
    });
    await addSetMember(r.deal.id, looker, viewSet.body.id);
    expectError(
      await exportOf(r, looker, { folder_ids: [folder.id] }),
      403,
      "You don't have permission to download files in this deal.",
    );
  });

  it('refuses bad input and bad links with a clear detail', async () => {
    const r = await room('zip-input');
    const empty = await mkdir(r, r.owner, 'Empty');
    expectError(await exportOf(r, r.owner, {}), 400, 'Select at least one file or folder to export.');
    expectError(await exportOf(r, r.owner, { folder_ids: [empty.id] }), 400, 'There are no files in this selection.');
    expectError(await exportOf(r, r.owner, { file_ids: ['nope'] }), 400);
    expectError(await exportOf(r, r.owner, { folder_ids: ['00000000-0000-0000-0000-000000000000'] }), 404);
    const f = await directOk(r, r.owner, { filename: 'x.pdf', bytes: random(10) });
    // Over what one export holds (decision 54; lowered here): a 400 that says what to do instead.
    const g = await directOk(r, r.owner, { filename: 'y.pdf', bytes: random(10) });
    const limits = { ...EXPORT_LIMITS };
    EXPORT_LIMITS.files = 1;
    try {
      expectError(
        await exportOf(r, r.owner, { file_ids: [f.fileId, g.fileId] }),
        400,
        'This selection holds 2 files (20 bytes); one export holds at most 1 files and 100.0 GB. Export its folders one by one.',
      );
    } finally {
      Object.assign(EXPORT_LIMITS, limits);
    }
    const ok = await exportOf(r, r.owner, { file_ids: [f.fileId] });
    const u = new URL(ok.body.download_url);
    const forged = await appWith({}).request(`${u.pathname}?token=forged`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ detail: 'This export link is not valid or has expired. Start the export again.' });
  });

  it('runs a large export as a job whose link downloads the same archive, and mails it', async () => {
    const r = await room('zip-job');
    const { board, files } = await tree(r);
    const config = {
      jwtExpirySeconds: 3600,
      publicUrl: 'http://localhost:3000',
      maxJsonBytes: 64 * 1024,
      maxUploadBytes: MAX_UPLOAD_BYTES,
      exportJobThreshold: { bytes: 1000, files: 1000 },
    };
    const api = appWith({ config });
    const res = await api.request(`${r.base}/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ folder_ids: [board.id] }),
    });
    expect(res.status).toBe(201);
    const started = await res.json();
    expect(started).toMatchObject({ mode: 'job', download_url: null, file_count: 6, expires_in: 86400 });
    const queued = await call('GET', `${r.base}/exports/${started.export_id}`, { token: r.owner.token });
    expect(queued.body).toMatchObject({ status: 'queued', download_url: null });

    const sent: MailMessage[] = [];
    // Other tests' jobs may be queued too: run until this one is done.
    for (let i = 0; i < 20; i++) {
      const ran = await runOneExport({
        sql,
        blobs: storage.store,
        mail: { send: async (m) => void sent.push(m) },
        publicUrl: config.publicUrl,
      });
      const [row] = await sql`select status from public.exports where id = ${started.export_id}`;
      if (row.status === 'ready' || !ran) break;
    }
    const ready = await call('GET', `${r.base}/exports/${started.export_id}`, { token: r.owner.token });
    expect(ready.body).toMatchObject({ status: 'ready', file_count: 6 });
    const listed = await call('GET', `${r.base}/exports`, { token: r.owner.token });
    expect(listed.body.items.map((e: { export_id: string }) => e.export_id)).toContain(started.export_id);
    const stored = await getFromStore(ready.body.download_url);
    expect(stored.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await stored.arrayBuffer()));
    expect(sha256(zip['Board/pack.pdf'])).toBe(sha256(files.pack.bytes));
    expect(sha256(zip['Board/Q1_ _Minutes_/a_b_ (2).pdf'])).toBe(sha256(files.clash.bytes));
    expect(Object.keys(zip)).toHaveLength(9);
    expect(zip['Board/Empty/Deeper/']).toHaveLength(0);

    const mail = sent.find((m) => m.to === r.owner.email);
    expect(mail?.subject).toBe('Your export of "zip-job deal" is ready');
    const link = /http:\/\/localhost:3000(\/storage\/v1\/download\/\S+)/.exec(mail!.body)![1];
    const viaMail = await getFromStore(link);
    expect(viaMail.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await viaMail.arrayBuffer()))).sort()).toEqual(Object.keys(zip).sort());

    // Another member does not see it.
    const other = await member(r, 'viewer', 'zip-other');
    expectError(await call('GET', `${r.base}/exports/${started.export_id}`, { token: other.token }), 404);
  });
});
