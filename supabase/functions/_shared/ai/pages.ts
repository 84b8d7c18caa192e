/**
 * The text of a document with pages (PDF), cleaned as every extracted text is, and where each page
 * starts in it, so a search hit can name its page (issue 35; docs/decisions.md decision 47).
 */

export function cleanText(text: string): string {
  return text
    .replaceAll('\u0000', '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n');
}

/** Characters as Postgres counts them (code points, not UTF-16 units). */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The pages' texts, cleaned one by one and joined by a line break, and where each page starts (in code
 * points; the text is trimmed at its start, so an empty first page starts at 0 as the next one does).
 */
export function joinPages(pages: string[]): { text: string; pageStarts: number[] } {
  const cleaned = pages.map(cleanText);
  const joined = cleaned.join('\n');
  const lead = joined.length - joined.trimStart().length;
  const leadPoints = codePoints(joined.slice(0, lead));
  const pageStarts: number[] = [];
  let at = 0;
  for (const page of cleaned) {
    pageStarts.push(Math.max(0, at - leadPoints));
    at += codePoints(page) + 1;
  }
  return { text: joined.trim(), pageStarts };
}
