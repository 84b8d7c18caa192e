/**
 * Where a document's stamp template (decision 58) comes from: memory, then the blob store, where it is
 * kept beside its source (decision 59), then prepared by the stamper and stored for next time. A server
 * restarted, or another edge-function isolate on Supabase, reads a template in milliseconds where
 * preparing a 300-page PDF takes most of a second. The embedded server prepares a PDF's template as soon
 * as the AI worker has read it (`warmStampTemplate`), so the first view-only reader does not wait either.
 */
import type { BlobStore, StampKind, StamperPort, StampTemplate } from '../ports.ts';
import { HttpError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import { boundedCache } from './bounded-cache.ts';
import { viewKindOf } from './kinds.ts';

/** Larger files are not read into memory to be stamped (nor offered to the viewer: routes.ts). */
export const SOURCE_MAX_BYTES = 256 * 1024 * 1024;
/** Larger PDFs are prepared when first opened, not in the background: the warm-up holds a document twice. */
const WARM_MAX_BYTES = 64 * 1024 * 1024;
const TOO_LARGE = 'This file is too large to show in the viewer.';
export const GONE = 'The file is no longer stored.';

/** The stored template's key: its source's, with a suffix no upload or rendition key has. */
export const stampTemplateKey = (storageKey: string) => `${storageKey}.stamp`;

/** Stored keys and their templates: what deleting a file or folder removes from the blob store. */
export const withStampTemplates = (keys: string[]): string[] => keys.flatMap((key) => [key, stampTemplateKey(key)]);

/** The stored form: a header line "DRSTAMP1 <kind> <meta bytes>", the metadata as JSON, then the PDF. */
const MAGIC = 'DRSTAMP1';
interface Meta {
  kind: StampKind;
  /** The source's SHA-256, where known: a template is used only for the bytes it was made from. */
  sha256: string | null;
  xrefAt: number;
  slots: StampTemplate['slots'];
  resources: number;
}

export function encodeStoredTemplate(template: StampTemplate, kind: StampKind, sha256: string | undefined): Uint8Array {
  const meta: Meta = {
    kind,
    sha256: sha256 ?? null,
    xrefAt: template.xrefAt,
    slots: template.slots,
    resources: template.resources,
  };
  const json = new TextEncoder().encode(JSON.stringify(meta));
  const head = new TextEncoder().encode(`${MAGIC} ${kind} ${json.length}\n`);
  const out = new Uint8Array(head.length + json.length + template.pdf.length);
  out.set(head, 0);
  out.set(json, head.length);
  out.set(template.pdf, head.length + json.length);
  return out;
}

/** The template in `bytes`, if they are one, of `kind`, made from bytes of `sha256`, and consistent; else undefined. */
export function decodeStoredTemplate(bytes: Uint8Array, kind: StampKind, sha256: string | undefined): StampTemplate | undefined {
  const newline = bytes.subarray(0, 64).indexOf(10);
  if (newline < 0) return undefined;
  const [magic, storedKind, length] = new TextDecoder().decode(bytes.subarray(0, newline)).split(' ');
  const metaLength = Number(length);
  if (magic !== MAGIC || storedKind !== kind || !Number.isInteger(metaLength) || metaLength <= 0) return undefined;
  const start = newline + 1;
  let meta: Meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(start, start + metaLength))) as Meta;
  } catch {
    return undefined;
  }
  if (meta.kind !== kind || (sha256 && meta.sha256 && meta.sha256 !== sha256)) return undefined;
  const pdf = bytes.subarray(start + metaLength);
  const within = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= pdf.length;
  if (!within(meta.xrefAt) || !Number.isInteger(meta.resources) || !Array.isArray(meta.slots) || !meta.slots.length)
    return undefined;
  const slotsFit = meta.slots.every(
    (s) => within(s.start) && within(s.end) && s.start < s.end && s.end <= meta.xrefAt && s.width > 0 && s.height > 0,
  );
  if (!slotsFit) return undefined;
  return { pdf, xrefAt: meta.xrefAt, slots: meta.slots, resources: meta.resources };
}

/** A stored document: its key, size and SHA-256 (undefined where the store does not know it). */
export interface StampSource {
  storageKey: string;
  size: number;
  sha256: string | undefined;
}

export interface TemplateDeps {
  blobs: BlobStore;
  stamper: StamperPort;
  log?: Logger;
}

/**
 * Templates in memory, one per stored document and kind (96 MB, 15 minutes, least recently used first):
 * callers asking while one is made share it.
 */
const templates = boundedCache<StampTemplate>({ maxBytes: 96 * 1024 * 1024, seconds: 15 * 60, sizeOf: (t) => t.pdf.length });

/** The template of `source` as `kind`: from memory, from the blob store, or prepared now and stored. */
export function stampTemplate(deps: TemplateDeps, source: StampSource, kind: StampKind): Promise<StampTemplate> {
  return templates(`${source.storageKey}\n${kind}`, async () => {
    const key = stampTemplateKey(source.storageKey);
    const stored = await deps.blobs.read(key, SOURCE_MAX_BYTES * 2).catch(() => undefined);
    const kept = stored && decodeStoredTemplate(stored, kind, source.sha256);
    if (kept) return kept;
    if (source.size > SOURCE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
    const bytes = await deps.blobs.read(source.storageKey, source.size);
    if (!bytes) throw new HttpError(404, GONE);
    const template = await deps.stamper.prepare(bytes, kind);
    // Stored while the reader is served; a template that could not be stored is prepared again next time.
    const encoded = encodeStoredTemplate(template, kind, source.sha256);
    void deps.blobs
      .put(
        key,
        (async function* () {
          yield encoded;
        })(),
        { maxBytes: encoded.length, contentType: 'application/octet-stream' },
      )
      .catch((err) => deps.log?.warn('a stamp template could not be stored', { key, ...errorFields(err) }));
    return template;
  });
}

/** What the AI worker has just read: a file's current bytes, by name and declared type. */
export interface AnalysedFile {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

let warming: Promise<void> = Promise.resolve();
let waiting = 0;

/**
 * Prepares and stores the template of an analysed PDF in the background, one at a time, so the first
 * view-only reader finds it ready. Images, text and CSV are cheap to prepare on first open and are left
 * to it, as are PDFs over 64 MB; so is anything while 16 wait, rather than queue without bound.
 */
export function warmStampTemplate(deps: TemplateDeps, file: AnalysedFile): void {
  if (viewKindOf(file.fileName, file.contentType) !== 'pdf' || file.sizeBytes > WARM_MAX_BYTES || waiting >= 16) return;
  waiting += 1;
  warming = warming.then(async () => {
    waiting -= 1;
    try {
      const info = await deps.blobs.stat(file.storageKey);
      if (!info) return;
      await stampTemplate(deps, { storageKey: file.storageKey, size: info.size, sha256: info.sha256 }, 'pdf');
    } catch (err) {
      // A damaged or protected PDF: its reader is told so when they open it.
      deps.log?.info('a stamp template was not prepared', { key: file.storageKey, ...errorFields(err) });
    }
  });
}
