/**
 * The stamp drawn into what a reader is sent (decision 44): the viewer's e-mail, the deal's name and the
 * date-time (UTC, to the minute), diagonal, semi-transparent and repeated over the whole page so no crop
 * removes it. It is real page content (text in a form XObject drawn on every page), so pdf.js extracts
 * it and no browser tool can hide it. pdf-lib (MIT) does the drawing; it runs in Deno and Node alike,
 * in a worker thread of the embedded server (decision 53). The text itself: stampText (stamper.ts).
 */
import { degrees, grayscale, PDFDocument, type PDFEmbeddedPage, type PDFFont, StandardFonts } from 'pdf-lib';
import { HttpError } from '../errors.ts';
import type { StampKind } from '../ports.ts';
import { NOT_A_PDF, NOT_AN_IMAGE } from './stamper.ts';

const STAMP_SIZE = 13;
const STAMP_OPACITY = 0.2;
const LINE_GAP = 96;
const WORD_GAP = 72;

/** Replaces every character the standard font cannot encode (WinAnsi) by "?". */
function encoderOf(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) => [...text].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** One page-sized layer of the stamp, diagonal and repeated, embedded once per page size. */
async function stampLayer(doc: PDFDocument, text: string, width: number, height: number): Promise<PDFEmbeddedPage> {
  const layerDoc = await PDFDocument.create();
  const font = await layerDoc.embedFont(StandardFonts.Helvetica);
  const line = encoderOf(font)(text);
  const page = layerDoc.addPage([width, height]);
  const angle = Math.atan2(height, width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const diagonal = Math.hypot(width, height);
  // Small pages get a smaller stamp: a whole copy always fits along the diagonal.
  const size = Math.max(4, Math.min(STAMP_SIZE, (0.8 * diagonal) / font.widthOfTextAtSize(line, 1)));
  const textWidth = font.widthOfTextAtSize(line, size);
  const step = textWidth + WORD_GAP;
  const gap = Math.min(LINE_GAP, diagonal / 5);
  const rows = Math.ceil(diagonal / 2 / gap);
  const copies = Math.ceil(diagonal / step) + 1;
  for (let j = -rows; j <= rows; j++) {
    const v = j * gap;
    // Rows offset by half a step from one to the next, as bricks, so no straight strip is left clear; the
    // middle row has a whole copy centred on the page, whatever its size.
    const shift = (Math.abs(j) % 2) * (step / 2) - textWidth / 2;
    for (let k = -copies; k <= copies; k++) {
      const u = shift + k * step;
      const x = width / 2 + u * cos - v * sin;
      const y = height / 2 + u * sin + v * cos;
      const endX = x + textWidth * cos;
      const endY = y + textWidth * sin;
      if (Math.max(x, endX) < -20 || Math.min(x, endX) > width + 20) continue;
      if (Math.max(y, endY) < -20 || Math.min(y, endY) > height + 20) continue;
      page.drawText(line, {
        x,
        y,
        size,
        font,
        color: grayscale(0.35),
        opacity: STAMP_OPACITY,
        rotate: degrees((angle * 180) / Math.PI),
      });
    }
  }
  return doc.embedPage(page);
}

/** Draws the stamp over every page of `doc`, one layer per distinct page size. */
async function stampPages(doc: PDFDocument, text: string): Promise<void> {
  const layers = new Map<string, PDFEmbeddedPage>();
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
    let layer = layers.get(size);
    if (!layer) {
      layer = await stampLayer(doc, text, box.width, box.height);
      layers.set(size, layer);
    }
    page.drawPage(layer, { x: box.x, y: box.y, width: box.width, height: box.height });
  }
}

const save = (doc: PDFDocument) => doc.save({ useObjectStreams: false, updateFieldAppearances: false });

/** A PDF with the stamp on each page. */
export async function stampPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // A file with a PDF header and no catalog loads, and fails here.
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw new HttpError(422, NOT_A_PDF);
  }
  await stampPages(doc, text);
  return save(doc);
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** PNG or JPEG, judged by the bytes, not the name. */
export const stampableImage = (bytes: Uint8Array) => isPng(bytes) || isJpeg(bytes);

/** An image on a page of its own (600 to 1,600 points on its longer side), stamped. */
export async function imageToStampedPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
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
  await stampPages(doc, text);
  return save(doc);
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const TEXT_SIZE = 9;
const LEADING = 11;

/** Plain text (or CSV) laid out in Courier on A4 pages, long lines wrapped, then stamped. */
export async function textToStampedPdf(content: string, text: string, maxPages = 2000): Promise<Uint8Array> {
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
  await stampPages(doc, text);
  return save(doc);
}

/** The stamped PDF of a document of `kind` (what every StamperPort does, in whatever thread). */
export function stampAs(bytes: Uint8Array, kind: StampKind, text: string): Promise<Uint8Array> {
  if (kind === 'pdf') return stampPdf(bytes, text);
  if (kind === 'image') return imageToStampedPdf(bytes, text);
  return textToStampedPdf(new TextDecoder().decode(bytes), text);
}
