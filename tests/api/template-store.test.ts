/**
 * Stamp templates kept in the blob store beside their source (decision 59): stored once prepared, read
 * back after a restart instead of prepared again, refused when they are not what they say, warmed after
 * the AI worker reads a PDF, and deleted with their file.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StamperPort, StampTemplate } from '../../supabase/functions/_shared/ports.ts';
import { inProcessStamper } from '../../supabase/functions/_shared/viewer/stamper.ts';
import { fillTemplate } from '../../supabase/functions/_shared/viewer/stamp-fill.ts';
import {
  decodeStoredTemplate,
  encodeStoredTemplate,
  stampTemplateKey,
} from '../../supabase/functions/_shared/viewer/template-store.ts';
import { appWith, call, sql, storage } from './helpers.ts';
import { room, sha256, twoStep, type Room } from './dataroom-lib.ts';
import { pdfOf, source, textOf, viewer, viewOnly } from './viewer-lib.ts';

/** The module as a restarted server has it: nothing in memory. */
const restarted = async () => {
  vi.resetModules();
  return import('../../supabase/functions/_shared/viewer/template-store.ts');
};

const counting = () => {
  const calls: string[] = [];
  const stamper: StamperPort = {
    prepare: (bytes, kind) => {
      calls.push(kind);
      return inProcessStamper.prepare(bytes, kind);
    },
  };
  return { calls, stamper };
};

let r: Room;
let pdf: Uint8Array;
let template: StampTemplate;

beforeAll(async () => {
  r = await room('stamp-templates');
  pdf = await pdfOf(['Kept page one', 'Kept page two']);
  template = await inProcessStamper.prepare(pdf, 'pdf');
});

describe('the stored form', () => {
  it('reads back what it wrote, filling to the same bytes', async () => {
    const back = decodeStoredTemplate(encodeStoredTemplate(template, 'pdf', sha256(pdf)), 'pdf', sha256(pdf));
    expect(back).toBeDefined();
    const text = 'reader@example.com · Project Atlas · 2026-11-27 10:00 UTC';
    expect(fillTemplate(back!, text)).toEqual(fillTemplate(template, text));
  });

  it('refuses another kind, other source bytes, a foreign object and slots outside the document', () => {
    const stored = encodeStoredTemplate(template, 'pdf', sha256(pdf));
    expect(decodeStoredTemplate(stored, 'image', sha256(pdf))).toBeUndefined();
    expect(decodeStoredTemplate(stored, 'pdf', 'f'.repeat(64))).toBeUndefined();
    expect(decodeStoredTemplate(pdf, 'pdf', undefined)).toBeUndefined();
    const outside = { ...template, slots: [{ ...template.slots[0], end: template.pdf.length + 10 }] };
    expect(decodeStoredTemplate(encodeStoredTemplate(outside, 'pdf', undefined), 'pdf', undefined)).toBeUndefined();
    const cut = stored.subarray(0, 40);
    expect(decodeStoredTemplate(cut, 'pdf', sha256(pdf))).toBeUndefined();
  });
});

describe('templates kept across a restart', () => {
  it('prepares a document once, stores it, and a restarted server reads it instead of preparing it again', async () => {
    const key = `deals/${crypto.randomUUID()}/files/${crypto.randomUUID()}/v1`;
    await storage.store.put(
      key,
      (async function* () {
        yield pdf;
      })(),
      { maxBytes: pdf.length, contentType: 'application/pdf' },
    );
    const first = counting();
    const source = { storageKey: key, size: pdf.length, sha256: sha256(pdf) };
    const made = await (await restarted()).stampTemplate({ blobs: storage.store, stamper: first.stamper }, source, 'pdf');
    expect(first.calls).toEqual(['pdf']);
    await vi.waitFor(async () => expect(await storage.store.stat(stampTemplateKey(key))).toBeDefined(), { timeout: 10_000 });

    const second = counting();
    const read = await (await restarted()).stampTemplate({ blobs: storage.store, stamper: second.stamper }, source, 'pdf');
    expect(second.calls).toEqual([]);
    expect(read.pdf).toEqual(made.pdf);

    // Other bytes under the same key (never in the product: keys name one version) are prepared afresh.
    const third = counting();
    const other = { ...source, sha256: 'a'.repeat(64) };
    await (await restarted()).stampTemplate({ blobs: storage.store, stamper: third.stamper }, other, 'pdf');
    expect(third.calls).toEqual(['pdf']);
  });

  it('warms an analysed PDF in the background, one at a time, and leaves other kinds to their first open', async () => {
    const keyOf = () => `deals/${crypto.randomUUID()}/files/${crypto.randomUUID()}/v1`;
    const pdfKey = keyOf();
    const textKey = keyOf();
    for (const key of [pdfKey, textKey]) {
      await storage.store.put(
        key,
        (async function* () {
          yield pdf;
        })(),
        { maxBytes: pdf.length, contentType: 'application/octet-stream' },
      );
    }
    const { calls, stamper } = counting();
    const mod = await restarted();
    const deps = { blobs: storage.store, stamper };
    mod.warmStampTemplate(deps, { storageKey: textKey, fileName: 'notes.txt', contentType: 'text/plain', sizeBytes: pdf.length });
    mod.warmStampTemplate(deps, {
      storageKey: pdfKey,
      fileName: 'deck.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
    });
    await vi.waitFor(async () => expect(await storage.store.stat(stampTemplateKey(pdfKey))).toBeDefined(), { timeout: 10_000 });
    expect(calls).toEqual(['pdf']);
    expect(await storage.store.stat(stampTemplateKey(textKey))).toBeUndefined();
  });
});

describe('through the API', () => {
  let fileId: string;
  let storageKey: string;

  beforeAll(async () => {
    fileId = (await twoStep(r, r.owner, { filename: 'Kept.pdf', bytes: pdf, content_type: 'application/pdf' })).fileId;
    const [version] = await sql<
      { storage_key: string }[]
    >`select storage_key from public.file_versions where file_id = ${fileId}`;
    storageKey = version.storage_key;
  });

  it("stores a view-only reader's template beside the file, and deleting the file deletes it", async () => {
    const { calls, stamper } = counting();
    const withStamper = appWith({ stamper });
    const reader = await viewOnly(r, 'kept-reader');
    const link = (await viewer(r, fileId, reader)).body.source_url as string;
    const served = await source(link, {}, withStamper);
    expect(served.status).toBe(200);
    expect(await textOf(served.bytes)).toContain(reader.email);
    expect(calls).toEqual(['pdf']);
    await vi.waitFor(async () => expect(await storage.store.stat(stampTemplateKey(storageKey))).toBeDefined(), {
      timeout: 10_000,
    });

    const gone = await call('DELETE', `${r.base}/files/${fileId}`, { token: r.owner.token });
    expect(gone.status).toBe(200);
    expect(await storage.store.stat(storageKey)).toBeUndefined();
    expect(await storage.store.stat(stampTemplateKey(storageKey))).toBeUndefined();
  });
});
