/**
 * CSV as RFC 4180 reads it: fields in double quotes may hold the delimiter, line breaks and doubled quotes
 * (""); lines end in LF or CRLF; a leading byte-order mark is dropped. The delimiter is the comma, or the
 * semicolon or tab when the first line holds more of those (spreadsheets in many locales write ';').
 */
export interface CsvTable {
  header: string[];
  rows: string[][];
  /** Data rows in the file, beyond those kept. */
  totalRows: number;
}

export const CSV_ROW_LIMIT = 5000;

export function detectDelimiter(text: string): string {
  let line = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) line += ch;
  }
  const count = (d: string) => line.split(d).length - 1;
  const candidates = [',', ';', '\t'];
  return candidates.reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** Parses `text`, keeping the header and the first `limit` data rows, and counting them all. */
export function parseCsv(input: string, limit = CSV_ROW_LIMIT): CsvTable {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  let total = 0;
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;

  const endRecord = () => {
    record.push(field);
    field = '';
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '')) {
      total += 1;
      if (records.length <= limit) records.push(record);
    }
    record = [];
  };

  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (field !== '' || record.length > 0) endRecord();

  const [header = [], ...rows] = records;
  return { header, rows: rows.slice(0, limit), totalRows: Math.max(0, total - 1) };
}
