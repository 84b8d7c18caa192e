/**
 * A reader's stamp filled into a prepared template (decision 58): the template's empty layers written
 * with the text laid out diagonally, repeated as bricks, and the cross-reference table moved to match.
 * It reads nothing and parses nothing, and it does not load pdf-lib: Helvetica's widths and WinAnsi
 * encoding come from pdf-lib's own font metrics package, so a server's first stamped answer does not
 * wait a third of a second for pdf-lib to load (decision 59). stamp-template.ts prepares the template.
 */
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';
import type { StampTemplate } from '../ports.ts';

const STAMP_SIZE = 13;
const STAMP_GRAY = 0.35;
const LINE_GAP = 96;
const WORD_GAP = 72;
/** The names stamp-template.ts gives the layers' font and transparency in their resources. */
export const FONT = 'DRStampFont';
export const ALPHA = 'DRStampAlpha';
export const STAMP_OPACITY = 0.2;

/** Bytes as Latin-1 text and back, one byte a character: the PDF's own syntax is read and written unchanged. */
export const asText = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
};
const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Where `needle` first stands in `bytes` from `from`, or -1. */
export function indexOf(bytes: Uint8Array, needle: string, from: number): number {
  const first = needle.charCodeAt(0);
  for (let i = bytes.indexOf(first, from); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle.charCodeAt(j)) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** Helvetica as the stamp uses it: the text it can show, its codes as a hex string, its width. */
interface StampFont {
  /** Every character WinAnsi cannot encode replaced by "?". */
  safe(text: string): string;
  hex(text: string): string;
  widthAt(text: string, size: number): number;
}

let helvetica: StampFont | undefined;
/** Loaded with the first stamp (the metrics are decompressed then), as pdf-lib's StandardFontEmbedder does. */
function stampFont(): StampFont {
  if (helvetica) return helvetica;
  const font = Font.load(FontNames.Helvetica);
  const encoding = Encodings.WinAnsi;
  const known = new Set(encoding.supportedCodePoints);
  const glyphs = (text: string) => [...text].map((ch) => encoding.encodeUnicodeCodePoint(ch.codePointAt(0)!));
  return (helvetica = {
    safe: (text) => [...text].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join(''),
    hex: (text) =>
      `<${glyphs(text)
        .map((g) => g.code.toString(16).padStart(2, '0').toUpperCase())
        .join('')}>`,
    widthAt(text, size) {
      const names = glyphs(text).map((g) => g.name);
      let total = 0;
      // Widths and kerning as pdf-lib measures them (a glyph without a width counts 250).
      names.forEach((name, i) => {
        total += (font.getWidthOfGlyph(name) || 250) + (font.getXAxisKerningForPair(name, names[i + 1]) || 0);
      });
      return (total * size) / 1000;
    },
  });
}

const n = (x: number) => (Math.abs(x) < 1e-9 ? '0' : x.toFixed(3).replace(/\.?0+$/, ''));

/** The stamp's page content for a page of `width` × `height`: diagonal, repeated as bricks, whole on small pages. */
function layerContent(font: StampFont, text: string, width: number, height: number): string {
  const line = font.safe(text);
  const shown = font.hex(line);
  const angle = Math.atan2(height, width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const diagonal = Math.hypot(width, height);
  const size = Math.max(4, Math.min(STAMP_SIZE, (0.8 * diagonal) / font.widthAt(line, 1)));
  const textWidth = font.widthAt(line, size);
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
export function fillTemplate(template: StampTemplate, text: string): Uint8Array {
  const font = stampFont();
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
