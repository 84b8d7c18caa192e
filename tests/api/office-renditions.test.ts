/**
 * Office files converted to PDF for the viewer (docs/decisions.md decision 50): once per version by a
 * real LibreOffice (server/office-converter.ts, server/office-worker.ts), served from the cache after;
 * unavailable where no converter is; failed after three attempts when the converter crashes or hangs.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../supabase/functions/_shared/context.ts';
import type { Logger } from '../../supabase/functions/_shared/logger.ts';
import { officeRendition, OFFICE_PREVIEW_UNAVAILABLE } from '../../supabase/functions/_shared/viewer/office-renditions.ts';
import { officeConverter, type OfficeConverter } from '../../server/office-converter.ts';
import { startOfficeWorker, type RunningOfficeWorker } from '../../server/office-worker.ts';
import { docxPages, pdfText, pptx, xlsx } from '../../scripts/bench/office-documents.ts';
import { asUser, call, sql, storage, type TestUser } from './helpers.ts';
import { member, mkdir, newVersion, room, twoStep, type Room } from './dataroom-lib.ts';

const quietLog: Logger = { info() {}, warn() {}, error() {} };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const workers: RunningOfficeWorker[] = [];

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

/** A converter that counts its conversions. */
function counted(inner: OfficeConverter) {
  const counter = { conversions: 0 };
  const converter: OfficeConverter = {
    available: () => inner.available(),
    convert: (bytes, name) => {
      counter.conversions++;
      return inner.convert(bytes, name);
    },
  };
  return { converter, counter };
}

/** The API's deps as officeRendition reads them, and a worker of the room's deal alone. */
function setup(r: Room, converter: OfficeConverter) {
  const worker = startOfficeWorker({
    sql,
    blobs: storage.store,
    converter,
    log: quietLog,
    workerId: `test-${Math.random().toString(36).slice(2, 10)}`,
    dealId: r.deal.id,
    retrySeconds: 0,
  });
  workers.push(worker);
  const deps = { officeRenditions: { available: () => converter.available() } } as unknown as ApiDeps;
  const ask = (user: TestUser, fileId: string, version = 1) =>
    asUser({ sub: user.id }, (tx) => officeRendition(deps, tx, { id: fileId, deal_id: r.deal.id }, version));
  /** Asks, lets the worker finish what it can, and asks again. */
  const settled = async (user: TestUser, fileId: string, version = 1) => {
    const first = await ask(user, fileId, version);
    if (first.state !== 'queued' && first.state !== 'processing') return first;
    await worker.idle();
    return ask(user, fileId, version);
  };
  return { worker, ask, settled };
}

async function pdfOf(storageKey: string) {
  const bytes = await storage.store.read(storageKey, 64 * 1024 * 1024);
  expect(bytes, storageKey).toBeDefined();
  return pdfText(bytes!);
}

describe('Office renditions', () => {
  it('converts a DOCX once per version to a PDF with its text, then serves it from the cache', { timeout: 300_000 }, async () => {
    const r = await room('office');
    const viewer = await member(r, 'viewer');
    const { converter, counter } = counted(officeConverter());
    const { ask, settled } = setup(r, converter);
    const v1 = await twoStep(r, r.owner, {
      filename: 'Disclosure letter.docx',
      content_type: DOCX,
      bytes: docxPages(2, { marker: 'Disclosure letter' }),
    });

    const first = await ask(viewer, v1.fileId);
    expect(['queued', 'processing']).toContain(first.state);
    const ready = await settled(viewer, v1.fileId);
    expect(ready).toEqual({ state: 'ready', storageKey: `deals/${r.deal.id}/files/${v1.fileId}/v1.pdf` });
    const pdf = await pdfOf((ready as { storageKey: string }).storageKey);
    expect(pdf.pages).toBe(2);
    expect(pdf.text).toContain('Disclosure letter 1 of 2');
    expect(pdf.text).toContain('Disclosure letter 2 of 2');
    expect(counter.conversions).toBe(1);

    // Another person, and the same person again: the cache, no second conversion.
    expect(await ask(r.owner, v1.fileId)).toEqual(ready);
    expect(await settled(viewer, v1.fileId)).toEqual(ready);
    expect(counter.conversions).toBe(1);

    // A new version is converted once more, to a PDF of its own; version 1's stays.
    const revised = docxPages(1, { marker: 'Revised letter' });
    const { done } = await newVersion(r, r.owner, v1.fileId, revised, { filename: 'Disclosure letter.docx', content_type: DOCX });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const v2 = await settled(viewer, v1.fileId, 2);
    expect(v2).toEqual({ state: 'ready', storageKey: `deals/${r.deal.id}/files/${v1.fileId}/v2.pdf` });
    expect((await pdfOf(`deals/${r.deal.id}/files/${v1.fileId}/v2.pdf`)).text).toContain('Revised letter 1 of 1');
    expect(counter.conversions).toBe(2);
    expect(await ask(viewer, v1.fileId, 1)).toEqual(ready);

    // Nobody else's: a person outside the deal learns nothing and queues nothing.
    const outsider = await member(await room('office-other'), 'viewer');
    expect(await ask(outsider, v1.fileId, 1)).toMatchObject({ state: 'unavailable' });

    // The file deleted: its PDFs go with its versions.
    expect((await call('DELETE', `${r.base}/files/${v1.fileId}`, { token: r.owner.token })).status).toBe(200);
    expect(await storage.store.stat(`deals/${r.deal.id}/files/${v1.fileId}/v1.pdf`)).toBeUndefined();
    expect(await storage.store.stat(`deals/${r.deal.id}/files/${v1.fileId}/v2.pdf`)).toBeUndefined();
  });

  it('converts XLSX and PPTX too', { timeout: 300_000 }, async () => {
    const r = await room('office-kinds');
    const { settled } = setup(r, officeConverter());
    const finance = await mkdir(r, r.owner, 'Finance');
    const sheet = await twoStep(r, r.owner, {
      path: '/Finance',
      filename: 'Revenue.xlsx',
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: xlsx([
        ['Quarter', 'Revenue'],
        ['Q1 2026', '1250000'],
      ]),
    });
    const deck = await twoStep(r, r.owner, {
      filename: 'Management presentation.pptx',
      // Known by its name alone: browsers often send no type for it.
      content_type: 'application/octet-stream',
      bytes: pptx('Synergies of the combined group'),
    });
    const sheetPdf = await settled(r.owner, sheet.fileId);
    expect(sheetPdf.state).toBe('ready');
    expect((await pdfOf((sheetPdf as { storageKey: string }).storageKey)).text).toMatch(/Q1 2026\s+1250000/);
    const deckPdf = await settled(r.owner, deck.fileId);
    expect(deckPdf.state).toBe('ready');
    expect((await pdfOf((deckPdf as { storageKey: string }).storageKey)).text).toContain('Synergies of the combined group');

    // The folder deleted: the PDFs of its files go with them.
    expect((await call('DELETE', `${r.base}/folders/${finance.id}`, { token: r.owner.token })).status).toBe(200);
    expect(await storage.store.stat((sheetPdf as { storageKey: string }).storageKey)).toBeUndefined();
    expect(await storage.store.stat((deckPdf as { storageKey: string }).storageKey)).toBeDefined();
  });

  it('says the preview is not available where no converter is, and queues nothing', async () => {
    const r = await room('office-none');
    const { ask } = setup(r, officeConverter({ sofficePath: '/nowhere/soffice' }));
    const file = await twoStep(r, r.owner, { filename: 'Memo.docx', content_type: DOCX, bytes: docxPages(1) });
    expect(await ask(r.owner, file.fileId)).toEqual({ state: 'unavailable', detail: OFFICE_PREVIEW_UNAVAILABLE });
    const rows = await sql`select 1 from public.file_renditions where file_id = ${file.fileId}`;
    expect(rows).toHaveLength(0);
  });

  it('a PDF, or a version that does not exist, is no Office rendition', async () => {
    const r = await room('office-pdf');
    const { ask } = setup(r, officeConverter());
    const file = await twoStep(r, r.owner, { filename: 'Plan.pdf', content_type: 'application/pdf' });
    expect(await ask(r.owner, file.fileId)).toMatchObject({ state: 'unavailable' });
    const docx = await twoStep(r, r.owner, { filename: 'Memo.docx', content_type: DOCX, bytes: docxPages(1) });
    expect(await ask(r.owner, docx.fileId, 7)).toMatchObject({ state: 'unavailable' });
    expect(await sql`select 1 from public.file_renditions where deal_id = ${r.deal.id}`).toHaveLength(0);
  });

  for (const [what, script, timeoutMs] of [
    ['crashes', '#!/bin/sh\necho "soffice: fatal error" >&2\nexit 3\n', 60_000],
    ['hangs past its timeout', '#!/bin/sh\nsleep 60 &\nexec sleep 60\n', 300],
  ] as const) {
    it(`fails after three attempts when the converter ${what}, leaving no temporary files`, { timeout: 120_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fake-soffice-'));
      const path = join(dir, 'soffice');
      writeFileSync(path, script);
      chmodSync(path, 0o755);
      const before = readdirSync(tmpdir()).filter((f) => f.startsWith('dataroom-office-')).length;
      const r = await room('office-fail');
      const { converter, counter } = counted(officeConverter({ sofficePath: path, timeoutMs }));
      const { ask, worker } = setup(r, converter);
      const file = await twoStep(r, r.owner, { filename: 'Broken.docx', content_type: DOCX, bytes: docxPages(1) });
      expect((await ask(r.owner, file.fileId)).state).toMatch(/queued|processing/);
      let answer = await ask(r.owner, file.fileId);
      while (answer.state === 'queued' || answer.state === 'processing') {
        await worker.idle();
        answer = await ask(r.owner, file.fileId);
      }
      expect(answer).toEqual({ state: 'failed', detail: 'This document could not be converted for viewing.' });
      expect(counter.conversions).toBe(3);
      const [row] = await sql<{ attempts: number; last_error: string }[]>`
        select attempts, last_error from public.file_renditions where file_id = ${file.fileId}`;
      expect(row.attempts).toBe(3);
      expect(row.last_error).toMatch(what === 'crashes' ? /exit 3.*fatal error/ : /took longer than/);
      expect(readdirSync(tmpdir()).filter((f) => f.startsWith('dataroom-office-')).length).toBeLessThanOrEqual(before);
      rmSync(dir, { recursive: true, force: true });
    });
  }
});
