/**
 * Text out of an uploaded file, for the classifier and for search: PDF (pdf.js), DOCX and XLSX (their
 * XML read out of the zip with fflate), CSV, plain text, Markdown and HTML. Bounded in bytes read,
 * pages, characters and time, so a 5 GiB upload costs no more than a small one. A file that cannot be
 * read (corrupt, encrypted, too large, an unknown type) yields no text and a note saying why; it is
 * then classified from its name.
 */
import { unzipSync } from 'fflate';
import { cleanText, codePoints, joinPages } from './pages.ts';

export const EXTRACT_LIMITS = {
  /** Bytes read of a document format that needs the whole file (PDF, DOCX, XLSX). */
  maxDocumentBytes: 48 * 1024 * 1024,
  /** Bytes read of a plain-text format (its beginning). */
  maxTextBytes: 2 * 1024 * 1024,
  /** Bytes of one XML part unzipped out of a DOCX or XLSX. */
  maxXmlBytes: 16 * 1024 * 1024,
  maxPages: 30,
  maxChars: 100_000,
  timeoutMs: 15_000,
};

export type FileKind = 'pdf' | 'docx' | 'xlsx' | 'text' | 'html' | 'other';

export interface Extracted {
  text: string;
  truncated: boolean;
  /** Why there is no text, or only part of it; said in the analysis' reasoning. */
  note?: string;
  extraction: 'full' | 'truncated' | 'name_only';
  /** Where each page starts in `text`, in characters (code points) from 0: PDFs only (search names the page). */
  pageStarts?: number[];
}

export function kindOf(fileName: string, contentType = ''): FileKind {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (ext === 'pdf' || contentType === 'application/pdf') return 'pdf';
  if (ext === 'docx' || ext === 'docm') return 'docx';
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx';
  if (
    ['txt', 'md', 'markdown', 'csv', 'tsv', 'json', 'log', 'text'].includes(ext) ||
    contentType.startsWith('text/plain') ||
    contentType === 'text/csv'
  )
    return 'text';
  if (ext === 'html' || ext === 'htm' || contentType.startsWith('text/html')) return 'html';
  return 'other';
}

/** How many bytes of a file of this kind extraction reads (0: none needed). */
export function bytesNeeded(kind: FileKind): number {
  if (kind === 'pdf' || kind === 'docx' || kind === 'xlsx') return EXTRACT_LIMITS.maxDocumentBytes;
  if (kind === 'text' || kind === 'html') return EXTRACT_LIMITS.maxTextBytes;
  return 0;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

function unzipParts(bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  return unzipSync(bytes, {
    filter: (file) => wanted(file.name) && file.originalSize <= EXTRACT_LIMITS.maxXmlBytes,
  });
}

function docxText(bytes: Uint8Array): string {
  const parts = unzipParts(bytes, (name) => /^word\/(document|header\d*|footer\d*|footnotes)\.xml$/.test(name));
  const order = Object.keys(parts).sort((a, b) =>
    a === 'word/document.xml' ? -1 : b === 'word/document.xml' ? 1 : a.localeCompare(b),
  );
  if (!parts['word/document.xml']) throw new Error('not a Word document');
  return order
    .map((name) => {
      const xml = utf8.decode(parts[name]);
      return decodeEntities(
        xml
          .replace(/<w:tab\/>/g, '\t')
          .replace(/<\/w:p>/g, '\n')
          .replace(/<w:br\/>/g, '\n')
          .replace(/<(?!\/?w:t[ >])[^>]*>/g, '')
          .replace(/<\/?w:t[^>]*>/g, ''),
      );
    })
    .join('\n');
}

function xlsxText(bytes: Uint8Array): string {
  const parts = unzipParts(
    bytes,
    (name) => name === 'xl/sharedStrings.xml' || name === 'xl/workbook.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
  );
  if (!parts['xl/workbook.xml']) throw new Error('not an Excel workbook');
  const cellText = (xml: string) => [...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => decodeEntities(m[1]));
  const sheetNames = [...utf8.decode(parts['xl/workbook.xml']).matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) =>
    decodeEntities(m[1]),
  );
  const shared = parts['xl/sharedStrings.xml']
    ? utf8
        .decode(parts['xl/sharedStrings.xml'])
        .split('</si>')
        .map((si) => cellText(si).join(''))
    : [];
  const lines: string[] = [sheetNames.join(' · ')];
  const sheets = Object.keys(parts)
    .filter((n) => n.startsWith('xl/worksheets/'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of sheets) {
    const xml = utf8.decode(parts[name]);
    for (const row of xml.split('</row>')) {
      const cells: string[] = [];
      for (const m of row.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attrs = m[1];
        const inner = m[2] ?? '';
        const value = inner.match(/<v>([^<]*)<\/v>/)?.[1];
        if (/t="s"/.test(attrs) && value !== undefined) cells.push(shared[Number(value)] ?? '');
        else if (/t="inlineStr"/.test(attrs)) cells.push(cellText(inner).join(''));
        else if (value !== undefined) cells.push(decodeEntities(value));
      }
      if (cells.length) lines.push(cells.join('\t'));
    }
  }
  return lines.join('\n');
}

function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<(br|\/p|\/div|\/h\d|\/li|\/tr)[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/[ \t]+/g, ' ');
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
/** What this realm's built-ins were before pdf.js's legacy build was loaded. */
const NATIVES = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };

/**
 * pdf.js's legacy build (the one Node can run) carries core-js, which swaps three built-ins for its own
 * JavaScript ones wherever it is loaded: `Array.prototype.push` (pdf.js's hottest call when reading text),
 * `JSON.stringify` and `JSON.parse`. The library and its worker half each bring a copy, the worker half
 * loaded at the first document. Both are loaded here, then the engine's own built-ins are put back: they
 * already behave as the standard says (what core-js tests for is an edge case pdf.js never reaches), and
 * reading a document's text costs about a sixth less (docs/decisions.md decision 61).
 */
async function loadPdfJs(): Promise<PdfJs> {
  const [library] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    // It sets globalThis.pdfjsWorker, which pdf.js's in-process worker then takes instead of its own.
    // @ts-expect-error: pdf.js publishes no types for its worker half, and only its loading is wanted here.
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]);
  Array.prototype.push = NATIVES.push;
  JSON.stringify = NATIVES.stringify;
  JSON.parse = NATIVES.parse;
  return library;
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; pagesLeft: boolean }> {
  pdfjs ??= loadPdfJs();
  const { getDocument } = await pdfjs;
  // pdf.js takes ownership of the buffer: hand it a copy so the caller's bytes stay intact.
  const task = getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    const doc = await task.promise;
    const pages = Math.min(doc.numPages, EXTRACT_LIMITS.maxPages);
    const out: string[] = [];
    let chars = 0;
    for (let i = 1; i <= pages && chars < EXTRACT_LIMITS.maxChars; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const pageText = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      out.push(pageText);
      chars += pageText.length;
      page.cleanup();
    }
    return { pages: out, pagesLeft: doc.numPages > pages };
  } finally {
    await task.destroy();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractionTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

class ExtractionTimeout extends Error {}

const KIND_LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  text: 'text file',
  html: 'web page',
  other: 'file',
};

/**
 * What a file that could not be read yields: no text, and a note saying why. Also the answer of the
 * embedded server's AI threads when the thread reading the file crashed or hung (server/ai-threads.ts).
 */
export function unreadable(fileName: string, contentType: string, why: 'took_too_long' | 'damaged'): Extracted {
  const label = KIND_LABEL[kindOf(fileName, contentType)];
  const note =
    why === 'took_too_long'
      ? `Reading the ${label} took too long, so only its name was used.`
      : `The ${label} could not be read (it may be damaged), so only its name was used.`;
  return { text: '', truncated: false, note, extraction: 'name_only' };
}

/**
 * Reads the text of a file. `bytes` is the beginning of the file (all of it when `totalBytes` fits the
 * kind's limit); `totalBytes` is its full size.
 */
export async function extractText(
  fileName: string,
  contentType: string,
  bytes: Uint8Array | undefined,
  totalBytes: number,
): Promise<Extracted> {
  const kind = kindOf(fileName, contentType);
  const nameOnly = (note: string): Extracted => ({ text: '', truncated: false, note, extraction: 'name_only' });
  if (kind === 'other') return nameOnly(`The file type cannot be read as text, so only its name was used.`);
  if (!bytes) return nameOnly('The stored file could not be read, so only its name was used.');
  const partial = bytes.length < totalBytes;
  if (partial && (kind === 'pdf' || kind === 'docx' || kind === 'xlsx')) {
    return nameOnly(
      `The ${KIND_LABEL[kind]} is larger than ${EXTRACT_LIMITS.maxDocumentBytes / 1024 / 1024} MB, so only its name was used.`,
    );
  }
  try {
    let text: string;
    let truncated = partial;
    let pageStarts: number[] | undefined;
    if (kind === 'pdf') {
      const result = await withTimeout(pdfText(bytes), EXTRACT_LIMITS.timeoutMs);
      ({ text, pageStarts } = joinPages(result.pages));
      truncated ||= result.pagesLeft;
    } else if (kind === 'docx') {
      text = docxText(bytes);
    } else if (kind === 'xlsx') {
      text = xlsxText(bytes);
    } else if (kind === 'html') {
      text = htmlText(utf8.decode(bytes));
    } else {
      text = utf8.decode(bytes);
    }
    if (!pageStarts) text = cleanText(text).trim();
    if (text.length > EXTRACT_LIMITS.maxChars) {
      text = text.slice(0, EXTRACT_LIMITS.maxChars);
      truncated = true;
    }
    if (!text) return nameOnly(`The ${KIND_LABEL[kind]} holds no readable text (it may be a scan), so only its name was used.`);
    const length = codePoints(text);
    return {
      text,
      truncated,
      extraction: truncated ? 'truncated' : 'full',
      note: truncated ? `Only the beginning of the ${KIND_LABEL[kind]} was read.` : undefined,
      ...(pageStarts ? { pageStarts: pageStarts.filter((start) => start < length || start === 0) } : {}),
    };
  } catch (err) {
    if (err instanceof ExtractionTimeout) return unreadable(fileName, contentType, 'took_too_long');
    const name = (err as { name?: string })?.name ?? '';
    if (name === 'PasswordException')
      return nameOnly(`The ${KIND_LABEL[kind]} is password-protected, so only its name was used.`);
    if (kind === 'docx' || kind === 'xlsx') {
      // An encrypted Office file is an OLE container, not a zip.
      const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
      if (ole) return nameOnly(`The ${KIND_LABEL[kind]} is password-protected, so only its name was used.`);
    }
    return unreadable(fileName, contentType, 'damaged');
  }
}
