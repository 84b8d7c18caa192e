/**
 * Renders a labelled document to the bytes of its format, as an office suite would save it: a one-page
 * PDF with real text objects, a DOCX and an XLSX (Office Open XML zips) and CSV or plain text.
 */
import ExcelJS from 'exceljs';
import { docx, pdf } from './office.ts';

export { docx, pdf };

/** A workbook with one sheet: CSV-like text as rows and columns, prose as one row per sentence. */
export async function xlsx(text: string, sheetName = 'Sheet1'): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  const rows = text.includes('\n')
    ? text.split('\n').map((l) => l.split(','))
    : text.split(/(?<=\.)\s+/).map((s) => s.split(/,\s+/));
  for (const row of rows) sheet.addRow(row.map((cell) => (/^-?\d+(\.\d+)?$/.test(cell.trim()) ? Number(cell) : cell.trim())));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export function contentTypeOf(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  return (
    (
      {
        pdf: 'application/pdf',
        docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        csv: 'text/csv',
      } as Record<string, string>
    )[ext ?? ''] ?? 'text/plain'
  );
}

/** The file as its extension says. */
export async function render(name: string, text: string): Promise<Uint8Array> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'pdf') return pdf(text);
  if (ext === 'docx') return docx(text);
  if (ext === 'xlsx') return xlsx(text);
  return new Uint8Array(Buffer.from(text, 'utf8'));
}
