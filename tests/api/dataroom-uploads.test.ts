import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepAbandonedUploads } from '../../supabase/functions/_shared/jobs/upload-sweep.ts';
import { blobDir, call, MAX_UPLOAD_BYTES, sql, storage } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  activities,
  direct,
  directOk,
  download,
  fileRows,
  member,
  mkdir,
  names,
  objectPath,
  objectsOf,
  postFields,
  postToStore,
  random,
  requestJson,
  room,
  sha256,
  twoStep,
  versionRows,
  walk,
  checklistItems,
} from './dataroom-lib.ts';

describe('two-step upload', () => {
  it.each(['multipart', 'urlencoded', 'json'] as const)(
    'stores random bytes byte-for-byte (upload-complete as %s)',
    async (as) => {
      const r = await room('twostep');
      await mkdir(r, r.owner, 'Finance');
      const bytes = random(300_000 + Math.floor(Math.random() * 1000));
      const [item] = await checklistItems(r, 1);
      const up = await twoStep(r, r.owner, {
        filename: 'Ledger 2024.xlsx',
        bytes,
        path: '/Finance',
        tags: ['finance', ' q4 ', ''],
        checklist_items: [item],
        content_type: 'application/vnd.ms-excel',
        completeAs: as,
      });
      expect(up.start.storage_path).toBe(objectPath(r.deal.id, up.fileId, 1));
      expect(up.start.max_bytes).toBe(MAX_UPLOAD_BYTES);
      expect(up.file).toMatchObject({
        id: up.fileId,
        name: 'Ledger 2024.xlsx',
        file_type: 'xlsx',
        content_type: 'application/vnd.ms-excel',
        current_version: 1,
        upload_state: 'ready',
        path: '/Finance',
        tags: ['finance', 'q4'],
        checklist_items: [item],
        approval_status: 'pending',
        uploaded_by: r.owner.id,
      });
      // Sizes are JSON numbers in every answer, as in the listing.
      expect(up.file.size_bytes).toBe(bytes.length);
      expect(up.file.size_bytes).toBe(bytes.length);

      const got = await download(r, r.owner, up.fileId);
      expect(got.bytes.length).toBe(bytes.length);
      expect(sha256(got.bytes)).toBe(sha256(bytes));
      expect(got.headers.get('content-type')).toBe('application/vnd.ms-excel');

      const [v1] = await versionRows(up.fileId);
      expect(v1).toMatchObject({ version_number: 1, sha256: sha256(bytes), storage_key: objectPath(r.deal.id, up.fileId, 1) });
      expect(Number(v1.size_bytes)).toBe(bytes.length);
      const onDisk = readFileSync(join(blobDir, objectPath(r.deal.id, up.fileId, 1)));
      expect(sha256(onDisk)).toBe(sha256(bytes));
      expect(objectsOf(r.deal.id)).toEqual([
        objectPath(r.deal.id, up.fileId, 1),
        `${objectPath(r.deal.id, up.fileId, 1)}.meta.json`,
      ]);
    },
  );

  it('refuses upload-complete before the bytes arrived, with a wrong or missing file_size, and records nothing', async () => {
    const r = await room('complete');
    const bytes = random(5000);
    const start = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'a.bin' } });
    expect(start.status).toBe(200);
    const complete = (fields: Record<string, string | number>, as: 'json' | 'multipart' = 'multipart') =>
      postFields(`${r.base}/files/${start.body.file_id}/upload-complete`, r.owner.token, fields, as);

    expectError(await complete({ file_size: bytes.length }), 400, "The file's bytes have not arrived. Upload the file again.");
    expect((await postToStore(start.body.upload_url, bytes)).status).toBe(201);
    expectError(await complete({}), 400, 'file_size is required.');
    expectError(await complete({ file_size: 'lots' }), 400, 'file_size must be a whole number of bytes.');
    expectError(await complete({ file_size: -1 }), 400, 'file_size must be a whole number of bytes.');
    expectError(await complete({ file_size: 1.5 }), 400, 'file_size must be a whole number of bytes.');
    expectError(
      await complete({ file_size: bytes.length + 1 }),
      400,
      `The stored file is ${bytes.length} bytes but file_size says ${bytes.length + 1}. Upload the file again.`,
    );
    expect(await versionRows(start.body.file_id)).toEqual([]);
    expect((await fileRows(r.deal.id)).map((f) => f.upload_state)).toEqual(['pending']);
    expect(await activities(r.deal.id, 'upload')).toEqual([]);

    const done = await complete({ file_size: bytes.length }, 'json');
    expect(done.status).toBe(200);
    expect(done.body.upload_state).toBe('ready');
  });

  it('upload-complete is idempotent: same file, one version row, one upload activity', async () => {
    const r = await room('idem');
    const up = await twoStep(r, r.owner, { filename: 'once.pdf', bytes: random(2048) });
    const again = await postFields(`${r.base}/files/${up.fileId}/upload-complete`, r.owner.token, { file_size: 2048 }, 'json');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: up.fileId, name: 'once.pdf', current_version: 1, upload_state: 'ready' });
    const third = await postFields(`${r.base}/files/${up.fileId}/upload-complete`, r.owner.token, { file_size: 2048 });
    expect(third.status).toBe(200);
    expect(third.body.id).toBe(up.fileId);
    // A repeat with another size is refused rather than silently accepted.
    expectError(
      await postFields(`${r.base}/files/${up.fileId}/upload-complete`, r.owner.token, { file_size: 2047 }),
      400,
      'This upload was completed with 2048 bytes, not 2047.',
    );
    expect(await versionRows(up.fileId)).toHaveLength(1);
    const uploads = await activities(r.deal.id, 'upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ description: 'Uploaded "once.pdf"', user_id: r.owner.id });
    expect(uploads[0].metadata).toMatchObject({ file_id: up.fileId, path: '/' });
    expect((await fileRows(r.deal.id)).map((f) => f.name)).toEqual(['once.pdf']);
  });
});

/** Sends `bytes` through the resumable (tus) target of an upload-url answer, in chunks of `chunk` bytes. */
async function sendResumable(resumable: any, bytes: Uint8Array, chunk: number) {
  const headers = { 'tus-resumable': '1.0.0', ...resumable.headers };
  const created = await storage.routes.request(resumable.endpoint.slice('/storage/v1'.length), {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length) },
  });
  expect(created.status).toBe(201);
  const url = (created.headers.get('location') ?? '').slice('/storage/v1'.length);
  for (let at = 0; at < bytes.length; at += chunk) {
    const res = await storage.routes.request(url, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': String(at), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(at, at + chunk) as BlobPart,
    });
    expect(res.status).toBe(204);
  }
}

describe('resumable upload (tus) in the two-step flow', () => {
  it('upload-url offers it with the lifetimes granted; the bytes sent in chunks complete like a single upload', async () => {
    const r = await room('tus');
    const start = await call('POST', `${r.base}/files/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Big model.xlsx', content_type: 'application/vnd.ms-excel', path: '/' },
    });
    expect(start.status).toBe(200);
    const { resumable } = start.body;
    expect(resumable).toMatchObject({
      endpoint: '/storage/v1/upload/resumable',
      with_access_token: false,
      metadata: { contentType: 'application/vnd.ms-excel' },
      chunk_size: 50 * 1024 * 1024,
    });
    const hours = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;
    expect(hours(resumable.expires_at)).toBeCloseTo(24, 1);
    expect(hours(start.body.upload_url_expires_at)).toBeCloseTo(2, 1);
    const [grant] = await sql`select expires_at from public.upload_grants where file_id = ${start.body.file_id}`;
    expect(Math.abs(grant.expires_at.getTime() - Date.parse(resumable.expires_at))).toBeLessThan(5000);

    const bytes = random(1_500_000);
    await sendResumable(resumable, bytes, 400_000);
    const done = await postFields(`${r.base}/files/${start.body.file_id}/upload-complete`, r.owner.token, {
      file_size: bytes.length,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ upload_state: 'ready', current_version: 1 });
    const [version] = await versionRows(start.body.file_id);
    expect(version).toMatchObject({ size_bytes: String(bytes.length), sha256: sha256(bytes) });
    expect(sha256((await download(r, r.owner, start.body.file_id)).bytes)).toBe(sha256(bytes));
    // The grant is used up: its single-request URL no longer stores anything.
    expect((await postToStore(start.body.upload_url, random(10))).status).toBe(403);
  });

  it('a new version goes the same way', async () => {
    const r = await room('tusv');
    const first = await twoStep(r, r.owner, { filename: 'Deck.pdf' });
    const v = await call('POST', `${r.base}/files/${first.fileId}/versions/upload-url`, {
      token: r.owner.token,
      body: { content_type: 'application/pdf' },
    });
    expect(v.status).toBe(200);
    const bytes = random(700_000);
    await sendResumable(v.body.resumable, bytes, 300_000);
    const done = await postFields(`${r.base}/files/${first.fileId}/versions/upload-complete`, r.owner.token, {
      storage_path: v.body.storage_path,
      file_size: bytes.length,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await versionRows(first.fileId)).map((row) => row.sha256)).toEqual([sha256(first.bytes), sha256(bytes)]);
  });
});

describe('direct upload', () => {
  it('stores random bytes byte-for-byte with path, tags and checklist_items', async () => {
    const r = await room('direct');
    await mkdir(r, r.owner, 'Legal');
    await mkdir(r, r.owner, 'Contracts', '/Legal');
    const bytes = random(700_001);
    const [item] = await checklistItems(r, 1);
    const res = await direct(r, r.owner, {
      filename: 'NDA signed.pdf',
      bytes,
      path: '/Legal/Contracts',
      tags: ['nda', 'signed', 'nda'],
      checklist_items: [item],
      content_type: 'application/pdf',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fileId = res.body.file_id;
    expect(res.body.file).toMatchObject({
      id: fileId,
      name: 'NDA signed.pdf',
      file_type: 'pdf',
      content_type: 'application/pdf',
      current_version: 1,
      upload_state: 'ready',
      path: '/Legal/Contracts',
      tags: ['nda', 'signed'],
      checklist_items: [item],
    });
    const got = await download(r, r.owner, fileId);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
    const [v1] = await versionRows(fileId);
    expect(v1.sha256).toBe(sha256(bytes));
    expect(Number(v1.size_bytes)).toBe(bytes.length);
    expect(sha256(readFileSync(join(blobDir, objectPath(r.deal.id, fileId, 1))))).toBe(sha256(bytes));
    expect(names((await call('GET', `${r.base}/files?path=/Legal/Contracts`, { token: r.owner.token })).body.files)).toEqual([
      'NDA signed.pdf',
    ]);
    expect(await activities(r.deal.id, 'upload')).toHaveLength(1);
  });

  it('takes the name from a filename field when given, and refuses a form without a file', async () => {
    const r = await room('direct2');
    const ok = await directOk(r, r.owner, { filename: 'blob', fields: { filename: 'Renamed.txt' } });
    expect(ok.file.name).toBe('Renamed.txt');
    const form = new FormData();
    form.append('path', '/');
    form.append('file', 'not a file part');
    expectError(await requestJson(`${r.base}/files/upload`, r.owner.token, form), 400, 'The form has no file.');
    expect(await fileRows(r.deal.id)).toHaveLength(1);
  });

  it('survives a body delivered in tiny chunks whose file contains near-boundaries', async () => {
    const r = await room('chunks');
    const boundary = 'XbOuNdArYx';
    const enc = new TextEncoder();
    // Content full of prefixes of the delimiter, CRLFs and dashes, then random bytes.
    const tricky = enc.encode(`\r\n--XbOuNdAr\r\n--\r\n-${'\r\n--XbOuNdArY'.repeat(50)}--XbOuNdArYx`);
    const file = new Uint8Array([...tricky, ...random(20_000), ...tricky]);
    const head = enc.encode(
      `preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="tags"\r\n\r\n["chunked"]\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tricky.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = enc.encode(`\r\n--${boundary}--\r\n`);
    const body = new Uint8Array([...head, ...file, ...tail]);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= body.length) return controller.close();
        const n = 1 + Math.floor(Math.random() * 13);
        controller.enqueue(body.slice(at, at + n));
        at += n;
      },
    });
    const res = await requestJson(`${r.base}/files/upload`, r.owner.token, stream, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file.tags).toEqual(['chunked']);
    const got = await download(r, r.owner, res.body.file_id);
    expect(got.bytes.length).toBe(file.length);
    expect(sha256(got.bytes)).toBe(sha256(file));
  });

  it('two concurrent uploads with Unicode names split across reads keep their own names', async () => {
    const r = await room('decoder');
    const enc = new TextEncoder();
    const boundary = 'ConcurrentBoundary';
    const bodyFor = (name: string) =>
      new Uint8Array([
        ...enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
        ...enc.encode('content'),
        ...enc.encode(`\r\n--${boundary}--\r\n`),
      ]);
    const first = bodyFor('Résumé-α.txt');
    // Cut the first request so that what the reader can hand on ends inside the "é" (0xC3 0xA9).
    const cut = first.indexOf(0xc3) + 4;
    let pulls = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting!: () => void;
    const isWaiting = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls++;
        if (pulls === 1) return controller.enqueue(first.slice(0, cut));
        if (pulls === 2) {
          waiting();
          await released;
          return controller.enqueue(first.slice(cut));
        }
        controller.close();
      },
    });
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const a = requestJson(`${r.base}/files/upload`, r.owner.token, slow, { headers });
    await isWaiting;
    const b = await requestJson(`${r.base}/files/upload`, r.owner.token, new Blob([bodyFor('Zoë.txt')]).stream(), { headers });
    release();
    const aRes = await a;
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(aRes.status, JSON.stringify(aRes.body)).toBe(201);
    expect(b.body.file.name).toBe('Zoë.txt');
    expect(aRes.body.file.name).toBe('Résumé-α.txt');
  });

  it('refuses a truncated body with 400 and leaves nothing behind', async () => {
    const r = await room('trunc');
    const boundary = 'TruncBoundary';
    const enc = new TextEncoder();
    const body = new Uint8Array([
      ...enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n`),
      ...random(50_000),
    ]);
    const res = await requestJson(`${r.base}/files/upload`, r.owner.token, new Blob([body]).stream(), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectError(res, 400, 'The upload ended before the file was complete.');
    expect(await fileRows(r.deal.id)).toEqual([]);
    expect(objectsOf(r.deal.id)).toEqual([]);
  });
});

describe('413 over MAX_UPLOAD_BYTES', () => {
  it('through the signed URL: 413 JSON, no object, no temp file', async () => {
    const r = await room('big1');
    const start = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'big.bin' } });
    const res = await postToStore(start.body.upload_url, random(MAX_UPLOAD_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ detail: `The file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes.` });
    expect(objectsOf(r.deal.id)).toEqual([]);
    expect(walk().filter((p) => p.includes('.part-'))).toEqual([]);
    expectError(
      await postFields(`${r.base}/files/${start.body.file_id}/upload-complete`, r.owner.token, {
        file_size: MAX_UPLOAD_BYTES + 1,
      }),
      400,
      "The file's bytes have not arrived. Upload the file again.",
    );
  });

  it('through the signed URL, a declared Content-Length over the limit is refused before reading', async () => {
    const r = await room('big2');
    const start = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'big.bin' } });
    const url = start.body.upload_url.slice('/storage/v1'.length);
    const res = await storage.routes.request(url, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(MAX_UPLOAD_BYTES * 4) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe(`The file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes.`);
    expect(objectsOf(r.deal.id)).toEqual([]);
    // Exactly at the limit is fine.
    const exact = random(MAX_UPLOAD_BYTES);
    expect((await postToStore(start.body.upload_url, exact)).status).toBe(201);
    expect(
      (await postFields(`${r.base}/files/${start.body.file_id}/upload-complete`, r.owner.token, { file_size: exact.length }))
        .status,
    ).toBe(200);
  });

  it('through the direct upload: 413 JSON, no object, no temp file, no file row', async () => {
    const r = await room('big3');
    const res = await direct(r, r.owner, { filename: 'big.bin', path: '/', bytes: random(MAX_UPLOAD_BYTES + 10) });
    expectError(res, 413, `The file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes.`);
    expect(await fileRows(r.deal.id)).toEqual([]);
    expect(objectsOf(r.deal.id)).toEqual([]);
    expect(walk().filter((p) => p.includes('.part-'))).toEqual([]);
    const declared = await requestJson(`${r.base}/files/upload`, r.owner.token, 'x', {
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(MAX_UPLOAD_BYTES * 4) },
    });
    expectError(declared, 413, `The file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes.`);
    expect(await fileRows(r.deal.id)).toEqual([]);
  });
});

describe('409 on an existing name', () => {
  it('both flows answer the exact detail with existing_file_id, and write nothing', async () => {
    const r = await room('dup');
    const first = await twoStep(r, r.owner, { filename: 'Report.pdf' });
    const viaUrl = await call('POST', `${r.base}/files/upload-url`, {
      token: r.owner.token,
      body: { filename: 'report.PDF', path: '/' },
    });
    expectError(viaUrl, 409, 'A file named "report.PDF" already exists in this folder');
    expect(viaUrl.body.existing_file_id).toBe(first.fileId);
    const viaDirect = await direct(r, r.owner, { filename: 'Report.pdf', path: '/' });
    expectError(viaDirect, 409, 'A file named "Report.pdf" already exists in this folder');
    expect(viaDirect.body.existing_file_id).toBe(first.fileId);
    expect((await fileRows(r.deal.id)).map((f) => f.id)).toEqual([first.fileId]);
    expect(objectsOf(r.deal.id)).toHaveLength(2); // v1 and its metadata only
    // The same name in another folder is fine.
    await mkdir(r, r.owner, 'Other');
    await directOk(r, r.owner, { filename: 'Report.pdf', path: '/Other' });
  });

  it('on_conflict \'keep_both\' picks "name (2).ext", then "(3)", in both flows', async () => {
    const r = await room('keep');
    await twoStep(r, r.owner, { filename: 'Report.pdf' });
    const second = await twoStep(r, r.owner, { filename: 'Report.pdf', on_conflict: 'keep_both' });
    expect(second.file.name).toBe('Report (2).pdf');
    expect(second.start.filename).toBe('Report (2).pdf');
    const third = await directOk(r, r.owner, { filename: 'Report.pdf', on_conflict: 'keep_both', path: '/' });
    expect(third.file.name).toBe('Report (3).pdf');
    await directOk(r, r.owner, { filename: 'README' });
    expect((await directOk(r, r.owner, { filename: 'README', on_conflict: 'keep_both' })).file.name).toBe('README (2)');
    await directOk(r, r.owner, { filename: '.env' });
    expect((await twoStep(r, r.owner, { filename: '.env', on_conflict: 'keep_both' })).file.name).toBe('.env (2)');
    const list = await call('GET', `${r.base}/files?path=/`, { token: r.owner.token });
    expect(names(list.body.files)).toEqual([
      '.env',
      '.env (2)',
      'README',
      'README (2)',
      'Report (2).pdf',
      'Report (3).pdf',
      'Report.pdf',
    ]);
    expectError(
      await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'x', on_conflict: 'replace' } }),
      400,
    );
  });

  it('the other way out: upload the bytes as a new version of existing_file_id', async () => {
    const r = await room('asversion');
    const first = await twoStep(r, r.owner, { filename: 'Model.xlsx' });
    const clash = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'Model.xlsx' } });
    expect(clash.status).toBe(409);
    const existing = clash.body.existing_file_id;
    const v = await call('POST', `${r.base}/files/${existing}/versions/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Model.xlsx' },
    });
    expect(v.status).toBe(200);
    expect(v.body.next_version_number).toBe(2);
    const bytes = random(4321);
    expect((await postToStore(v.body.upload_url, bytes)).status).toBe(201);
    const done = await postFields(`${r.base}/files/${existing}/versions/upload-complete`, r.owner.token, {
      storage_path: v.body.storage_path,
      file_size: bytes.length,
    });
    expect(done.status).toBe(200);
    expect(done.body.current_version).toBe(2);
    expect((await fileRows(r.deal.id)).map((f) => f.id)).toEqual([first.fileId]);
    expect(sha256((await download(r, r.owner, first.fileId)).bytes)).toBe(sha256(bytes));
  });

  it('a direct upload that loses a race on the name gets the same 409 and leaves no bytes', async () => {
    const r = await room('race');
    // A pending two-step upload of the same name does not block...
    const pending = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'Race.txt' } });
    expect(pending.status).toBe(200);
    expect((await postToStore(pending.body.upload_url, random(10))).status).toBe(201);
    const winner = await directOk(r, r.owner, { filename: 'Race.txt' });
    // ...but completing it after someone else took the name is a 409 naming the winner.
    const late = await postFields(`${r.base}/files/${pending.body.file_id}/upload-complete`, r.owner.token, { file_size: 10 });
    expectError(late, 409, 'A file named "Race.txt" already exists in this folder');
    expect(late.body.existing_file_id).toBe(winner.fileId);
  });
});

describe('abandoned uploads', () => {
  it('are invisible until completed, then swept with their bytes once expired', async () => {
    const r = await room('abandon');
    const viewer = await member(r, 'viewer');
    const admin = await member(r, 'admin');
    const start = await call('POST', `${r.base}/files/upload-url`, {
      token: viewer.token,
      body: { filename: 'Ghost Memo.pdf', tags: ['ghost'] },
    });
    expect(start.status).toBe(200);
    const fileId = start.body.file_id;
    expect((await postToStore(start.body.upload_url, random(777))).status).toBe(201);
    expect(existsSync(join(blobDir, objectPath(r.deal.id, fileId, 1)))).toBe(true);

    for (const u of [viewer, admin, r.owner]) {
      const list = await call('GET', `${r.base}/files?path=/`, { token: u.token });
      expect(list.status).toBe(200);
      expect(list.body.files).toEqual([]);
      for (const q of ['ghost', 'memo']) {
        const search = await call('GET', `${r.base}/files/search?q=${q}`, { token: u.token });
        expect(search.status).toBe(200);
        expect(search.body.files).toEqual([]);
      }
      expectError(await call('GET', `${r.base}/files/${fileId}`, { token: u.token }), 404, 'File not found');
      expectError(await call('GET', `${r.base}/files/${fileId}/download-url`, { token: u.token }), 404, 'File not found');
    }

    // Not yet expired: the sweep leaves it alone.
    await sweepAbandonedUploads({ sql, blobs: storage.store });
    expect(await fileRows(r.deal.id)).toHaveLength(1);

    await sql`update public.upload_grants set expires_at = now() - interval '1 minute' where file_id = ${fileId}`;
    await sql`update public.files set created_at = now() - interval '3 hours' where id = ${fileId}`;
    const swept = await sweepAbandonedUploads({ sql, blobs: storage.store });
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await fileRows(r.deal.id)).toEqual([]);
    expect(await sql`select 1 from public.upload_grants where file_id = ${fileId}`).toHaveLength(0);
    expect(objectsOf(r.deal.id)).toEqual([]);
    expectError(
      await postFields(`${r.base}/files/${fileId}/upload-complete`, viewer.token, { file_size: 777 }),
      404,
      'File not found',
    );
  });

  it('an abandoned new version is swept while the file and its first version stay', async () => {
    const r = await room('abandonv');
    const up = await twoStep(r, r.owner, { filename: 'Keep.txt' });
    const v = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
    expect((await postToStore(v.body.upload_url, random(99))).status).toBe(201);
    await sql`update public.upload_grants set expires_at = now() - interval '1 minute' where storage_key = ${v.body.storage_path}`;
    await sweepAbandonedUploads({ sql, blobs: storage.store });
    expect((await fileRows(r.deal.id)).map((f) => f.upload_state)).toEqual(['ready']);
    expect(objectsOf(r.deal.id)).toEqual([
      objectPath(r.deal.id, up.fileId, 1),
      `${objectPath(r.deal.id, up.fileId, 1)}.meta.json`,
    ]);
    expect(sha256((await download(r, r.owner, up.fileId)).bytes)).toBe(sha256(up.bytes));
  });
});
