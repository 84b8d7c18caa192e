/**
 * The stamp prepared once per document and filled per reader (decision 58): every page of every size
 * carries the reader's stamp and only theirs, the file's cross-reference table points at every object
 * where it now stands, and the pages keep their own text.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../supabase/functions/_shared/viewer/stamp-fill.ts';
import { prepareStamp } from '../../supabase/functions/_shared/viewer/watermark.ts';
import { textOf } from './viewer-lib.ts';

/** Pages of two sizes (portrait A4, landscape Letter), each with its own line of text. */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const sizes: [number, number][] = [
    [595.28, 841.89],
    [792, 612],
    [595.28, 841.89],
  ];
  sizes.forEach((size, i) => doc.addPage(size).drawText(`Original page ${i + 1}`, { x: 40, y: 100, size: 12, font }));
  return doc.save();
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Every in-use entry of the (single, classic) cross-reference table, checked against the bytes it points at. */
function xrefProblems(pdf: Uint8Array): string[] {
  const text = latin1(pdf);
  const at = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  if (!text.startsWith('xref', at)) return [`startxref ${at} does not point at the table`];
  const problems: string[] = [];
  let number = 0;
  for (const line of text.slice(at, text.indexOf('trailer', at)).split('\n').slice(1)) {
    const subsection = /^(\d+) \d+\s*$/.exec(line);
    const entry = /^(\d{10}) \d{5} ([nf])/.exec(line);
    if (subsection) number = Number(subsection[1]);
    else if (entry) {
      if (entry[2] === 'n' && !text.startsWith(`${number} 0 obj`, Number(entry[1]))) problems.push(`object ${number}`);
      number += 1;
    }
  }
  return problems;
}

describe('stamp templates (decision 58)', () => {
  it('fills each reader their own stamp on every page of every size, with a table that points true', async () => {
    const template = await prepareStamp(await mixedPdf(), 'pdf');
    expect(template.slots).toHaveLength(2);
    expect(xrefProblems(template.pdf)).toEqual([]);

    const alice = fillTemplate(template, 'alice@example.com · Project Atlas · 2026-11-27 10:00 UTC');
    const bob = fillTemplate(template, 'bob@example.com · Project Atlas · 2026-11-27 10:01 UTC');
    for (const [pdf, mine, theirs] of [
      [alice, 'alice@example.com', 'bob@example.com'],
      [bob, 'bob@example.com', 'alice@example.com'],
    ] as const) {
      expect(xrefProblems(pdf)).toEqual([]);
      const doc = await PDFDocument.load(pdf, { throwOnInvalidObject: true });
      expect(doc.getPageCount()).toBe(3);
      const text = await textOf(pdf);
      expect(text).not.toContain(theirs);
      expect(text).not.toContain('startxref');
      // Each page shows its own text and the stamp, whatever its size.
      for (let page = 0; page < 3; page++) {
        const one = await PDFDocument.create();
        const [copied] = await one.copyPages(doc, [page]);
        one.addPage(copied);
        const pageText = await textOf(await one.save());
        expect(pageText).toContain(`Original page ${page + 1}`);
        expect(pageText).toContain(mine);
      }
      // Each layer written once: no empty placeholder is left behind to be put back.
      for (const slot of template.slots) expect(latin1(pdf).split(`\n${slot.objectNumber} 0 obj`).length).toBe(2);
    }
    // The same reader and time: the same bytes (a link's range requests may be served by any copy).
    expect(Buffer.from(fillTemplate(template, 'bob@example.com · Project Atlas · 2026-11-27 10:01 UTC'))).toEqual(
      Buffer.from(bob),
    );
  });

  it('draws characters the standard font cannot encode as "?", and stamps text laid out on pages', async () => {
    const text = fillTemplate(await prepareStamp(new TextEncoder().encode('Line one\nLine two'), 'text'), 'zoë@例え.jp · Deal');
    expect(await textOf(text)).toContain('zoë@??.jp · Deal');
    expect(await textOf(text)).toContain('Line two');
    expect(xrefProblems(text)).toEqual([]);
  });
});
