/**
 * The viewer's sources by ranges, and its stamp off the event loop (issue 34, decision 53): an original is
 * streamed by ranges with the version's SHA-256 as its ETag; a stamped copy is served by ranges from the
 * stamp cache; the embedded server stamps in a worker thread, with a bounded queue (503, Retry-After), and
 * starts a view-only member's stamp as it hands out the link.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../supabase/functions/_shared/errors.ts';
import { STAMPER_BUSY, startStampThreads, type StampThreads } from '../../server/stamp-threads.ts';
import type { StamperPort } from '../../supabase/functions/_shared/ports.ts';
import { inProcessStamper, NOT_A_PDF } from '../../supabase/functions/_shared/viewer/stamper.ts';
import { app, appWith, sql, type TestUser } from './helpers.ts';
import { room, sha256, twoStep, type Room } from './dataroom-lib.ts';
import { pdfOf, source, textOf, viewer, viewOnly } from './viewer-lib.ts';

let r: Room;
let pdf: Uint8Array;
let fileId: string;

beforeAll(async () => {
  r = await room('view-ranges');
  pdf = await pdfOf(Array.from({ length: 12 }, (_, i) => `Schedule page ${i + 1}`));
  fileId = (await twoStep(r, r.owner, { filename: 'Schedules.pdf', bytes: pdf, content_type: 'application/pdf' })).fileId;
});

const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

describe('viewer sources by ranges', () => {
  it("streams a downloader's original by ranges, tagged with the version's SHA-256 (206, 304, 416, HEAD)", async () => {
    const link = (await viewer(r, fileId, r.owner)).body.source_url as string;
    const whole = await source(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('etag')).toBe(`"${sha256(pdf)}"`);
    expect(whole.headers.get('content-length')).toBe(String(pdf.length));
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(whole.bytes)).toBe(sha256(pdf));

    const part = await source(link, { range: 'bytes=10-1033' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-1033/${pdf.length}`);
    expect(part.headers.get('content-length')).toBe('1024');
    expect(part.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(part.bytes).toEqual(pdf.subarray(10, 1034));
    const tail = await source(link, { range: 'bytes=-100' });
    expect(tail.bytes).toEqual(pdf.subarray(pdf.length - 100));

    const same = await source(link, { 'if-none-match': `"${sha256(pdf)}"` });
    expect(same.status).toBe(304);
    expect(same.bytes.length).toBe(0);
    const past = await source(link, { range: `bytes=${pdf.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${pdf.length}`);
    expect(json(past.bytes).detail).toMatch(/outside the file/);
    const head = await app.request(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(pdf.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves a view-only member's stamped copy by ranges from the cache: the parts make the whole", async () => {
    const reader = await viewOnly(r, 'ranges-reader');
    const link = (await viewer(r, fileId, reader)).body.source_url as string;
    const whole = await source(link);
    expect(whole.status).toBe(200);
    expect(await textOf(whole.bytes)).toContain(reader.email);
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"stamped-/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const size = whole.bytes.length;
    const cut = Math.floor(size / 3);
    const parts = [];
    for (const range of [`bytes=0-${cut - 1}`, `bytes=${cut}-${2 * cut - 1}`, `bytes=${2 * cut}-`]) {
      const res = await source(link, { range, 'if-range': etag });
      expect(res.status).toBe(206);
      expect(res.headers.get('etag')).toBe(etag);
      parts.push(res.bytes);
    }
    expect(sha256(Buffer.concat(parts))).toBe(sha256(whole.bytes));
    expect((await source(link, { 'if-none-match': etag })).status).toBe(304);
    // Another tag (bytes stamped elsewhere): the whole copy again.
    expect((await source(link, { range: 'bytes=0-9', 'if-range': '"stamped-other"' })).status).toBe(200);
  });

  it('still refuses a range of a link whose person lost the file (404), and of a forged or expired link (403)', async () => {
    const reader = await viewOnly(r, 'ranges-revoked');
    const link = (await viewer(r, fileId, reader)).body.source_url as string;
    expect((await source(link, { range: 'bytes=0-99' })).status).toBe(206);
    await sql`update public.deal_members set status = 'suspended' where deal_id = ${r.deal.id} and user_id = ${reader.id}`;
    const gone = await source(link, { range: 'bytes=0-99' });
    expect(gone.status).toBe(404);
    expect(json(gone.bytes).detail).toBeTruthy();
    const [body, mac] = link.split('/').pop()!.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claim, exp: claim.exp + 3600 })).toString('base64url')}.${mac}`;
    expect((await source(`/viewer-source/${forged}`, { range: 'bytes=0-99' })).status).toBe(403);
  });
});

describe('stamping in a worker thread (embedded server)', () => {
  let threads: StampThreads;
  beforeAll(() => {
    threads = startStampThreads({ maxQueue: 1 });
  });
  afterAll(async () => {
    await threads.close();
  });

  it('stamps in the thread what the viewer sends; a damaged PDF is a 422', { timeout: 180_000 }, async () => {
    const app = appWith({ stamper: threads.stamper });
    const reader = await viewOnly(r, 'thread-reader');
    const link = (await viewer(r, fileId, reader)).body.source_url as string;
    const stamped = await source(link, {}, app);
    expect(stamped.status).toBe(200);
    const text = await textOf(stamped.bytes);
    expect(text).toContain(reader.email);
    expect(text).toContain('Schedule page 12');
    const part = await source(link, { range: 'bytes=0-7' }, app);
    expect(part.status).toBe(206);
    expect(new TextDecoder().decode(part.bytes)).toMatch(/^%PDF-/);

    const broken = new TextEncoder().encode('%PDF-1.7\nnot really a PDF');
    await expect(threads.stamper.prepare(broken, 'pdf')).rejects.toMatchObject({ status: 422, message: NOT_A_PDF });
  });

  it(
    'tells a reader to come back (503, Retry-After) when more stamps wait than the queue holds',
    { timeout: 180_000 },
    async () => {
      const jobs = [1, 2, 3].map(() => threads.stamper.prepare(pdf.slice(), 'pdf'));
      const settled = await Promise.allSettled(jobs);
      expect(settled.slice(0, 2).map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      const refused = settled[2] as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(HttpError);
      expect(refused.reason).toMatchObject({ status: 503, message: STAMPER_BUSY, headers: { 'Retry-After': '5' } });

      // Through the route, while two long stamps hold the thread and the queue: a 503 with a detail, never a 500.
      // A file of its own, so no document already prepared serves the link without the thread.
      const busyFile = await pdfOf(['Waiting page']);
      const busyId = (await twoStep(r, r.owner, { filename: 'Busy.pdf', bytes: busyFile, content_type: 'application/pdf' }))
        .fileId;
      const long = await pdfOf(Array.from({ length: 400 }, (_, i) => `Long page ${i}`));
      const holding = [1, 2].map(() => threads.stamper.prepare(long.slice(), 'pdf'));
      const reader = await viewOnly(r, 'busy-reader');
      const link = (await viewer(r, busyId, reader)).body.source_url as string;
      const busy = await source(link, {}, appWith({ stamper: threads.stamper }));
      await Promise.all(holding);
      expect(busy.status).toBe(503);
      expect(json(busy.bytes)).toEqual({ detail: STAMPER_BUSY });
      expect(busy.headers.get('retry-after')).toBe('5');
    },
  );
});

describe('a stamp started when the link is handed out (embedded server)', () => {
  it("stamps a view-only member's copy as GET …/viewer answers, so the link's first request finds it ready", async () => {
    const calls: string[] = [];
    const counting: StamperPort = {
      prepare: (bytes, kind) => {
        calls.push(kind);
        return inProcessStamper.prepare(bytes, kind);
      },
    };
    // A file of its own: one the other tests opened is already prepared.
    const warmFile = await pdfOf(['Warm page one', 'Warm page two']);
    const warmId = (await twoStep(r, r.owner, { filename: 'Warm.pdf', bytes: warmFile, content_type: 'application/pdf' })).fileId;
    const withThread = appWith({ stamper: counting });
    const details = async (user: TestUser) => {
      const res = await withThread.request(`${r.base}/files/${warmId}/viewer`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { source_url: string; watermarked: boolean };
    };

    // A downloader reads the original: nothing is stamped for them.
    expect((await details(r.owner)).watermarked).toBe(false);
    const reader = await viewOnly(r, 'warm-reader');
    const answer = await details(reader);
    expect(answer.watermarked).toBe(true);
    await vi.waitFor(() => expect(calls).toEqual(['pdf']), { timeout: 30_000 });

    const res = await source(answer.source_url, {}, withThread);
    expect(res.status).toBe(200);
    expect(await textOf(res.bytes)).toContain(reader.email);
    expect(calls).toHaveLength(1); // the link's request was served from the stamp already made

    // Another reader: their own stamp, filled into the document prepared once (decision 58).
    const second = await viewOnly(r, 'warm-second');
    const theirs = await source((await details(second)).source_url, {}, withThread);
    expect(theirs.status).toBe(200);
    const text = await textOf(theirs.bytes);
    expect(text).toContain(second.email);
    expect(text).not.toContain(reader.email);
    expect(text).toContain('Warm page two');
    expect(calls).toHaveLength(1);
  });
});
