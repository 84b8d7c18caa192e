/**
 * The stamp in two steps (decision 58). `prepareTemplate`, once per stored document: the document saved
 * with every page drawing a form XObject that is still empty, one per page size, each with the stamp's
 * font and transparency as resources. `fillTemplate`, once per reader: the same bytes with those objects'
 * content written, the text laid out as `stampLayer` did, and the cross-reference table moved to match.
 * Filling reads nothing and parses nothing, so a reader's copy of a 300-page PDF costs milliseconds where
 * loading and saving it with pdf-lib cost a second. The stamp is the same page content as before.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFFont,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import type { StampTemplate } from '../ports.ts';

const STAMP_SIZE = 13;
const STAMP_OPACITY = 0.2;
const STAMP_GRAY = 0.35;
const LINE_GAP = 96;
const WORD_GAP = 72;
const FONT = 'DRStampFont';
const ALPHA = 'DRStampAlpha';

/** Bytes as Latin-1 text and back, one byte a character: the PDF's own syntax is read and written unchanged. */
const asText = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
};
const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Where `needle` first stands in `bytes` from `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: string, from: number): number {
  const first = needle.charCodeAt(0);
  for (let i = bytes.indexOf(first, from); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle.charCodeAt(j)) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/**
 * Makes `doc` (a loaded PDF, or one built from an image or text) stamp-ready and saves it. pdf-lib writes
 * a classic cross-reference table (no object streams), which `fillTemplate` rewrites.
 */
export async function prepareTemplate(doc: PDFDocument): Promise<StampTemplate> {
  const { context } = doc;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const alpha = context.register(context.obj({ Type: 'ExtGState', ca: STAMP_OPACITY, CA: STAMP_OPACITY }));
  const resources = context.register(context.obj({ Font: { [FONT]: font.ref }, ExtGState: { [ALPHA]: alpha } }));
  const layers = new Map<string, { ref: PDFRef; width: number; height: number }>();
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
    let layer = layers.get(size);
    if (!layer) {
      const bbox = [0, 0, box.width, box.height];
      const ref = context.register(context.stream('', { Type: 'XObject', Subtype: 'Form', BBox: bbox, Resources: resources }));
      layer = { ref, width: box.width, height: box.height };
      layers.set(size, layer);
    }
    const name = page.node.newXObject('DRStamp', layer.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(1, 0, 0, 1, box.x, box.y),
      drawObject(name),
      popGraphicsState(),
    );
  }
  const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const xrefAt = Number(/startxref\s+(\d+)/.exec(asText(pdf.subarray(pdf.length - 64)))?.[1]);
  if (!Number.isInteger(xrefAt) || indexOf(pdf, 'xref', xrefAt) !== xrefAt) throw new Error('no cross-reference table');
  const table = asText(pdf.subarray(xrefAt, indexOf(pdf, 'startxref', xrefAt)));
  // Each object's offset: subsections of "first count", then an entry a line ("offset generation n|f").
  const offsets = new Map<number, number>();
  let number = 0;
  for (const line of table.split(/\r?\n/).slice(1)) {
    if (line.startsWith('trailer')) break;
    const subsection = /^(\d+) \d+\s*$/.exec(line);
    const entry = /^(\d{10}) \d{5} ([nf])/.exec(line);
    if (subsection) number = Number(subsection[1]);
    else if (entry) {
      if (entry[2] === 'n') offsets.set(number, Number(entry[1]));
      number += 1;
    }
  }
  const slots = [...layers.values()].map(({ ref, width, height }) => {
    const start = offsets.get(ref.objectNumber);
    if (start === undefined) throw new Error('a stamp layer was not written');
    const end = indexOf(pdf, 'endobj', start) + 'endobj'.length;
    return { objectNumber: ref.objectNumber, start, end, width, height };
  });
  return { pdf, xrefAt, slots: slots.sort((a, b) => a.start - b.start), resources: resources.objectNumber };
}

/** Replaces every character the standard font cannot encode (WinAnsi) by "?". */
export function encoderOf(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) => [...text].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

let metrics: Promise<PDFFont> | undefined;
/** Helvetica's widths and encoding (a standard font: nothing is embedded, nothing read from disk). */
const helvetica = () => (metrics ??= PDFDocument.create().then((doc) => doc.embedFont(StandardFonts.Helvetica)));

const n = (x: number) => (Math.abs(x) < 1e-9 ? '0' : x.toFixed(3).replace(/\.?0+$/, ''));

/** The stamp's page content for a page of `width` × `height`: diagonal, repeated as bricks, whole on small pages. */
function layerContent(font: PDFFont, text: string, width: number, height: number): string {
  const line = encoderOf(font)(text);
  const shown = font.encodeText(line).toString();
  const angle = Math.atan2(height, width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const diagonal = Math.hypot(width, height);
  const size = Math.max(4, Math.min(STAMP_SIZE, (0.8 * diagonal) / font.widthOfTextAtSize(line, 1)));
  const textWidth = font.widthOfTextAtSize(line, size);
  const step = textWidth + WORD_GAP;
  const gap = Math.min(LINE_GAP, diagonal / 5);
  const rows = Math.ceil(diagonal / 2 / gap);
  const copies = Math.ceil(diagonal / step) + 1;
  const ops = [`q /${ALPHA} gs ${STAMP_GRAY} g BT /${FONT} ${n(size)} Tf`];
  for (let j = -rows; j <= rows; j++) {
    const v = j * gap;
    // Rows offset by half a step from one to the next, so no straight strip is left clear; the middle
    // row has a whole copy centred on the page, whatever its size.
    const shift = (Math.abs(j) % 2) * (step / 2) - textWidth / 2;
    for (let k = -copies; k <= copies; k++) {
      const u = shift + k * step;
      const x = width / 2 + u * cos - v * sin;
      const y = height / 2 + u * sin + v * cos;
      const [endX, endY] = [x + textWidth * cos, y + textWidth * sin];
      if (Math.max(x, endX) < -20 || Math.min(x, endX) > width + 20) continue;
      if (Math.max(y, endY) < -20 || Math.min(y, endY) > height + 20) continue;
      ops.push(`${n(cos)} ${n(sin)} ${n(-sin)} ${n(cos)} ${n(x)} ${n(y)} Tm ${shown} Tj`);
    }
  }
  ops.push('ET Q');
  return ops.join('\n');
}

/** The template with `text` stamped on every page: its layers written, its cross-reference table moved. */
export async function fillTemplate(template: StampTemplate, text: string): Promise<Uint8Array> {
  const font = await helvetica();
  const { pdf, xrefAt, slots } = template;
  const parts: Uint8Array[] = [];
  const shifts: { at: number; by: number }[] = [];
  let cursor = 0;
  let moved = 0;
  for (const slot of slots) {
    const content = layerContent(font, text, slot.width, slot.height);
    const object = ascii(
      `${slot.objectNumber} 0 obj\n<< /Type /XObject /Subtype /Form /BBox [0 0 ${n(slot.width)} ${n(slot.height)}] ` +
        `/Resources ${template.resources} 0 R /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj`,
    );
    parts.push(pdf.subarray(cursor, slot.start), object);
    moved += object.length - (slot.end - slot.start);
    shifts.push({ at: slot.start, by: moved });
    cursor = slot.end;
  }
  parts.push(pdf.subarray(cursor, xrefAt));
  const table = asText(pdf.subarray(xrefAt, indexOf(pdf, 'startxref', xrefAt)));
  // Every object after a layer starts later by what the layers before it grew.
  const shifted = table.replace(/^(\d{10}) (\d{5}) n/gm, (_, offset: string, generation: string) => {
    const at = Number(offset);
    const by = shifts.filter((s) => s.at < at).at(-1)?.by ?? 0;
    return `${String(at + by).padStart(10, '0')} ${generation} n`;
  });
  parts.push(ascii(`${shifted}startxref\n${xrefAt + moved}\n%%EOF\n`));
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
