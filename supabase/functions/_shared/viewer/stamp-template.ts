/**
 * The stamp's first step (decision 58): `prepareTemplate`, once per stored document, saves the document
 * with every page drawing a form XObject that is still empty, one per page size, each with the stamp's
 * font and transparency as resources. stamp-fill.ts's `fillTemplate` then writes each reader's stamp
 * into those objects without parsing anything. pdf-lib runs here, in the stamping thread (decision 53).
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
import { ALPHA, asText, FONT, indexOf, STAMP_OPACITY } from './stamp-fill.ts';

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
