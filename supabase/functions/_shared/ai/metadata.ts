/**
 * File metadata proposed by the built-in provider from a file's name and text (docs/product.md §5):
 * document type, date range, people, organisations, languages, a short summary and a confidentiality
 * guess. Heuristic and local; the OpenAI-compatible provider answers the same shape.
 */
export interface GeneratedMetadata {
  document_type: 'Contract' | 'Report' | 'Statement' | 'Org Chart' | 'NDA' | 'Agreement' | 'Other';
  date_range_start: string | null;
  date_range_end: string | null;
  people_mentioned: string[];
  named_organizations: string[];
  languages_used: string[];
  quick_summary: string;
  confidentiality_level: 'public' | 'internal' | 'confidential' | 'privileged';
}

export const METADATA_FIELDS = [
  'document_type',
  'date_range_start',
  'date_range_end',
  'people_mentioned',
  'named_organizations',
  'languages_used',
  'quick_summary',
  'confidentiality_level',
] as const;

/** A field with nothing in it: null, blank or an empty list. */
export const isEmptyValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && !value.trim()) ||
  (Array.isArray(value) && value.length === 0);

/** `primary` with each of its empty fields taken from `fallback`. */
export function fillEmptyFields(primary: GeneratedMetadata, fallback: GeneratedMetadata): GeneratedMetadata {
  const out = { ...primary } as Record<string, unknown>;
  for (const field of METADATA_FIELDS) if (isEmptyValue(out[field])) out[field] = fallback[field];
  return out as unknown as GeneratedMetadata;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function documentType(text: string): GeneratedMetadata['document_type'] {
  const t = text.toLowerCase();
  if (/\b(non[- ]?disclosure|confidentiality agreement|\bnda\b)/.test(t)) return 'NDA';
  if (/\b(org(anisation|anization)?\s*chart|organigram|group structure chart)\b/.test(t)) return 'Org Chart';
  if (
    /\b(financial statements?|balance sheet|income statement|statement of (cash flows|operations|financial position)|bank statement|profit and loss)\b/.test(
      t,
    )
  )
    return 'Statement';
  if (/\bagreement\b|\bdeed\b|\blease\b/.test(t)) return 'Agreement';
  if (/\bcontract\b|\bterms and conditions\b|\border form\b|\bstatement of work\b/.test(t)) return 'Contract';
  if (/\b(report|assessment|analysis|review|memorandum|memo|minutes|schedule|census)\b/.test(t)) return 'Report';
  return 'Other';
}

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1950 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 ? date.toISOString().slice(0, 10) : null;
}

function dates(text: string): string[] {
  const found: string[] = [];
  const push = (d: string | null) => {
    if (d) found.push(d);
  };
  for (const m of text.matchAll(/\b(19[5-9]\d|20\d\d)-(\d{1,2})-(\d{1,2})\b/g)) push(isoDate(+m[1], +m[2], +m[3]));
  const month = MONTHS.join('|');
  for (const m of text.matchAll(new RegExp(`\\b(${month})\\s+(\\d{1,2}),?\\s+(19[5-9]\\d|20\\d\\d)\\b`, 'gi'))) {
    push(isoDate(+m[3], MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2]));
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${month})\\s+(19[5-9]\\d|20\\d\\d)\\b`, 'gi'))) {
    push(isoDate(+m[3], MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]));
  }
  for (const m of text.matchAll(/\bFY\s?(20\d\d)\b/gi)) {
    push(isoDate(+m[1], 1, 1));
    push(isoDate(+m[1], 12, 31));
  }
  return found.sort();
}

const ORG_SUFFIX = String.raw`(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|GmbH|AG|plc|PLC|S\.A\.|SA|SAS|B\.V\.|BV|N\.V\.|Corp\.?|Corporation|LLP|LP|L\.P\.|Pty Ltd|S\.p\.A\.|Holdings|Group)`;
function organisations(text: string): string[] {
  const re = new RegExp(
    String.raw`\b((?:[A-Z][A-Za-z0-9&'\-]*\s+){0,4}[A-Z][A-Za-z0-9&'\-]*),?\s+${ORG_SUFFIX}(?![A-Za-z])`,
    'g',
  );
  const out = new Set<string>();
  for (const m of text.matchAll(re)) {
    const name = m[0]
      .replace(/\s+/g, ' ')
      .replace(/^(The|And|Between|By|Of|With|For)\s+/, '')
      .trim();
    if (name.length <= 80) out.add(name);
    if (out.size >= 10) break;
  }
  return [...out];
}

/**
 * Common given names across the languages the data rooms are written in. A person is read as one of
 * these followed by a capitalised surname: deterministic, and a capitalised pair such as "Balance Sheet"
 * or "Grace Period" is not taken for a name. Months, weekdays and words that mostly open a sentence or a
 * heading (May, Will, Grace, Bill) are left out on purpose.
 */
const FIRST_NAMES = new Set(
  `aaron adam adrian ahmed aisha alan albert alejandro alessandro alex alexander alexandra alice alicia alison amanda amelia
  amy ana andrea andreas andrew angela anna anne anthony antoine antonio arthur ashley barbara beatriz ben benjamin bernard
  bernhard brian bruce camille carl carla carlos carmen caroline catherine charles charlotte chen chloe chris christian
  christina christine christoph christopher claire claudia colin daniel daniela david deborah dennis diana diego dirk
  dominic donald dorothy douglas edward elena eleanor elizabeth ellen emily emma eric erik eva fabian fatima felix fernando
  florian francesca francesco francis frank franz gary george georg gerhard giovanni giulia giuseppe hannah hans harry
  heinz helen helena henry hugo ian ines isabel isabella jack jacob james jan jane janet jason javier jean jennifer jessica
  joan joanna johann johannes john jonathan jorge jose josef joseph juan julia julian julie jurgen karen karl katherine
  kathryn kelly kenneth kevin klaus laura lauren laurent leon linda lisa lorenzo louis louise lucas lucia lucy luis luke
  manuel marc marco margaret maria marie mark markus martin mary matteo matthew matthias michael michel michelle miguel
  mohammed monika nancy natalie nicholas nicolas nicole oliver olivia pablo patricia patrick paul paula pedro peter petra
  philip philippe pierre rachel rafael ralf raymond rebecca richard robert roberto ronald ruth ryan samuel sandra sara
  sarah scott sean sebastian sergio simon sofia sophie stefan stephanie stephen steven susan sven thomas thorsten timothy
  tobias tom ursula valentina victoria vincent walter wei william wolfgang yuki`.split(/\s+/),
);
/** Capitalised words that follow a given name without being a surname ("Victoria Street", "Paul Group"). */
const NOT_SURNAMES = new Set(
  `street road avenue lane square place park house court bridge station hall building tower centre center university
  college school hospital bank capital partners trust fund foundation associates company and the of`.split(/\s+/),
);

function people(text: string): string[] {
  const out = new Set<string>();
  const name = String.raw`([A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?)`;
  const patterns = [
    new RegExp(String.raw`\b(?:Mr|Ms|Mrs|Dr|Prof)\.?\s+${name}`, 'g'),
    new RegExp(String.raw`\b(?:By|Name|Signed|Attention|Attn|Prepared by|Signature):?\s+${name}`, 'g'),
    new RegExp(
      String.raw`${name},\s+(?:the\s+)?(?:Chief|CEO|CFO|COO|CTO|President|Director|Secretary|Partner|Managing|General Counsel|Head|Vice)`,
      'g',
    ),
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      out.add(m[1].replace(/\s+/g, ' '));
      if (out.size >= 10) return [...out];
    }
  }
  // Then any known first name followed by a surname (an optional middle initial between), unless the
  // pair is the start of an organisation's name ("Jane Smith Holdings Ltd").
  const firstAndSurname = new RegExp(
    String.raw`\b([A-Z][a-z]+)\s+(?:([A-Z])\.\s+)?((?:O'|Mc|Mac)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b(?!\s*,?\s+(?:[A-Z][A-Za-z&'\-]*\s+){0,2}${ORG_SUFFIX}(?![A-Za-z]))`,
    'g',
  );
  for (const m of text.matchAll(firstAndSurname)) {
    if (!FIRST_NAMES.has(m[1].toLowerCase()) || NOT_SURNAMES.has(m[3].toLowerCase())) continue;
    if (MONTHS.includes(m[3].toLowerCase())) continue;
    out.add(m[2] ? `${m[1]} ${m[2]}. ${m[3]}` : `${m[1]} ${m[3]}`);
    if (out.size >= 10) break;
  }
  return [...out];
}

const TITLE_SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

/**
 * A readable title from a file name: no extension, underscores (and, in a name without spaces, hyphens
 * and dots) as spaces, lower-case words capitalised except short joining words; words a person wrote with
 * capitals or digits (NDA, FY2024, iPhone) kept as written: "board_minutes-2024.pdf" → "Board Minutes 2024".
 */
export function formattedTitle(fileName: string): string {
  const stem = fileName.replace(/\.(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{1,8}$/, '');
  const spaced = /\s/.test(stem.trim()) ? stem.replace(/_+/g, ' ') : stem.replace(/[_.-]+/g, ' ');
  const words = spaced.split(/\s+/).filter(Boolean);
  const title = words
    .map((word, i) =>
      /^[a-z]+$/.test(word) && (i === 0 || !TITLE_SMALL_WORDS.has(word)) ? word[0].toUpperCase() + word.slice(1) : word,
    )
    .join(' ');
  return (title || fileName).slice(0, 500);
}

const LANGUAGE_WORDS: Record<string, string[]> = {
  English: ['the', 'and', 'of', 'to', 'in', 'is', 'for', 'that', 'with', 'shall'],
  German: ['der', 'die', 'und', 'das', 'ist', 'mit', 'den', 'von', 'nicht', 'zu'],
  French: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'pour', 'dans', 'du'],
  Spanish: ['el', 'los', 'las', 'y', 'del', 'que', 'por', 'una', 'con', 'para'],
  Dutch: ['het', 'een', 'van', 'en', 'niet', 'zijn', 'voor', 'met', 'op', 'dat'],
  Italian: ['il', 'della', 'che', 'per', 'una', 'sono', 'con', 'non', 'gli', 'delle'],
};
function languages(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 20_000) ?? [];
  if (words.length < 5) return [];
  const counts = new Map<string, number>();
  const lookup = new Map<string, string[]>();
  for (const [lang, list] of Object.entries(LANGUAGE_WORDS))
    for (const w of list) lookup.set(w, [...(lookup.get(w) ?? []), lang]);
  for (const w of words) for (const lang of lookup.get(w) ?? []) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0]?.[1] ?? 0;
  return ranked
    .filter(([, n]) => n >= Math.max(3, top * 0.25) && n / words.length > 0.02)
    .map(([lang]) => lang)
    .slice(0, 3);
}

function confidentiality(text: string): GeneratedMetadata['confidentiality_level'] {
  const t = text.toLowerCase();
  if (/attorney[- ]client|legally privileged|privileged (and|&) confidential|litigation privilege/.test(t)) return 'privileged';
  if (/\bconfidential\b|\bstrictly private\b|\bproprietary\b/.test(t)) return 'confidential';
  if (/\bpress release\b|\bpublicly available\b|\bfor immediate release\b/.test(t)) return 'public';
  return 'internal';
}

function summary(fileName: string, text: string, type: GeneratedMetadata['document_type']): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentences = clean.match(/[^.!?]{20,300}[.!?]/g) ?? [];
  const body = sentences.slice(0, 2).join(' ').trim() || clean.slice(0, 240);
  const label = type === 'Other' ? 'Document' : type;
  return body ? `${label}: ${body}`.slice(0, 600) : `${label} "${fileName}"; no text could be read from it.`;
}

export function generateMetadata(fileName: string, text: string): GeneratedMetadata {
  const both = `${fileName.replace(/[_-]+/g, ' ')}\n${text}`;
  const type = documentType(both);
  const found = dates(text.slice(0, 60_000));
  return {
    document_type: type,
    date_range_start: found[0] ?? null,
    date_range_end: found[found.length - 1] ?? null,
    people_mentioned: people(text.slice(0, 60_000)),
    named_organizations: organisations(text.slice(0, 60_000)),
    languages_used: languages(text),
    quick_summary: summary(fileName, text, type),
    confidentiality_level: confidentiality(both),
  };
}
