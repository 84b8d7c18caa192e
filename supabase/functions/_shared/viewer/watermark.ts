/**
 * The stamp drawn into what a reader is sent (decision 44): the viewer's e-mail, the deal's name and the
 * date-time (UTC, to the minute), diagonal, semi-transparent and repeated over the whole page so no crop
 * removes it. It is real page content (text in a form XObject drawn on every page), so pdf.js extracts
 * it and no browser tool can hide it. pdf-lib (MIT) builds the document; it runs in Deno and Node alike,
 * in a worker thread of the embedded server (decision 53). The stamp is prepared once per document and
 * filled per reader (stamp-template.ts, stamp-fill.ts, decision 58). The text itself: stampText (stamper.ts).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { HttpError } from '../errors.ts';
import type { StampKind, StampTemplate } from '../ports.ts';
import { fillTemplate } from './stamp-fill.ts';
import { encoderOf, prepareTemplate } from './stamp-template.ts';
import { NOT_A_PDF, NOT_AN_IMAGE } from './stamper.ts';

/** A stored PDF, loaded to be stamped. */
async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // A file with a PDF header and no catalog loads, and fails here.
    if (doc.getPageCount() === 0) throw new Error('no pages');
    return doc;
  } catch {
    throw new HttpError(422, NOT_A_PDF);
  }
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** PNG or JPEG, judged by the bytes, not the name. */
export const stampableImage = (bytes: Uint8Array) => isPng(bytes) || isJpeg(bytes);

/** An image on a page of its own (600 to 1,600 points on its longer side). */
async function imagePdf(bytes: Uint8Array): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  let image;
  try {
    image = isPng(bytes) ? await doc.embedPng(bytes) : isJpeg(bytes) ? await doc.embedJpg(bytes) : undefined;
  } catch {
    image = undefined;
  }
  if (!image) throw new HttpError(422, NOT_AN_IMAGE);
  const longer = Math.max(image.width, image.height);
  const scale = longer > 1600 ? 1600 / longer : longer < 600 ? 600 / longer : 1;
  const [w, h] = [Math.max(1, image.width * scale), Math.max(1, image.height * scale)];
  doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  return doc;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const TEXT_SIZE = 9;
const LEADING = 11;

/** Plain text (or CSV) laid out in Courier on A4 pages, long lines wrapped. */
export async function textPdf(content: string, maxPages = 2000): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const perLine = Math.floor((A4[0] - 2 * MARGIN) / font.widthOfTextAtSize('M', TEXT_SIZE));
  const perPage = Math.floor((A4[1] - 2 * MARGIN) / LEADING);
  const encode = encoderOf(font);
  const lines: string[] = [];
  for (const given of content.replace(/\r\n?/g, '\n').split('\n')) {
    if (lines.length > maxPages * perPage) break;
    const raw = encode(given.replace(/\t/g, '    '));
    if (raw.length === 0) lines.push('');
    for (let i = 0; i < raw.length; i += perLine) lines.push(raw.slice(i, i + perLine));
  }
  const pages = Math.max(1, Math.min(maxPages, Math.ceil(lines.length / perPage)));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(A4);
    const chunk = lines.slice(p * perPage, (p + 1) * perPage);
    chunk.forEach((line, i) => {
      if (line) page.drawText(line, { x: MARGIN, y: A4[1] - MARGIN - (i + 1) * LEADING, size: TEXT_SIZE, font });
    });
  }
  return doc;
}

/** A document of `kind` made ready to be stamped (what every StamperPort's `prepare` does, in whatever thread). */
export async function prepareStamp(bytes: Uint8Array, kind: StampKind): Promise<StampTemplate> {
  const doc =
    kind === 'pdf'
      ? await loadPdf(bytes)
      : kind === 'image'
        ? await imagePdf(bytes)
        : await textPdf(new TextDecoder().decode(bytes));
  return prepareTemplate(doc);
}

/** The stamped PDF of a document of `kind`: prepared and filled at once. */
export async function stampAs(bytes: Uint8Array, kind: StampKind, text: string): Promise<Uint8Array> {
  return fillTemplate(await prepareStamp(bytes, kind), text);
}
