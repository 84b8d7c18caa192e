import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv';

describe('CSV parsing', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const table = parseCsv('name,note\r\n"Smith, John","He said ""yes"""\n"Two\nlines",plain\n');
    expect(table.header).toEqual(['name', 'note']);
    expect(table.rows).toEqual([
      ['Smith, John', 'He said "yes"'],
      ['Two\nlines', 'plain'],
    ]);
    expect(table.totalRows).toBe(2);
  });

  it('drops a byte-order mark and blank lines, and keeps empty fields', () => {
    const table = parseCsv('\uFEFFa,b,c\n\n1,,3\n,,\n');
    expect(table.header).toEqual(['a', 'b', 'c']);
    expect(table.rows).toEqual([
      ['1', '', '3'],
      ['', '', ''],
    ]);
  });

  it('reads a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2').rows).toEqual([['1', '2']]);
  });

  it('takes semicolons or tabs as the delimiter when the first line holds more of them', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
    expect(detectDelimiter('"x;y",b\n')).toBe(',');
    expect(parseCsv('Betrag;Datum\n"1,50";2026-01-01\n').rows).toEqual([['1,50', '2026-01-01']]);
  });

  it('keeps the first rows up to the limit and counts them all', () => {
    const text = ['n', ...Array.from({ length: 12 }, (_, i) => String(i + 1))].join('\n');
    const table = parseCsv(text, 5);
    expect(table.rows).toHaveLength(5);
    expect(table.rows[4]).toEqual(['5']);
    expect(table.totalRows).toBe(12);
  });
});
