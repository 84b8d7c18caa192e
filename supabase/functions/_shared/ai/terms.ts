/**
 * The classifier's reading of a text (docs/decisions.md decision 17): its words, their light stems and
 * the due-diligence vocabulary's concepts (`#concept`) its phrases name.
 */
import { CONCEPTS, STOPWORDS, UMBRELLAS } from './vocabulary.ts';

/** A term with where it came from, for the reasoning. */
export interface Term {
  key: string;
  surface: string;
}

/** Light stemming so "statements", "audited" and "leases" meet "statement", "audit" and "lease". */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ation')) w = w.slice(0, -5) + 'ate';
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/**
 * Lower-case words; camelCase, snake_case, dots and digits glued to letters split apart. A short word
 * with two or more capitals is an abbreviation ("RoPA", "QoE", "CoC") and stays whole.
 */
export function words(text: string): string[] {
  return text
    .replace(/[A-Za-z]+/g, (word) => (word.length <= 5 && /[A-Z].*[A-Z]/.test(word) ? word.toLowerCase() : word))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const MAX_PHRASE = 7;
/** Stemmed phrase → concept keys. */
const PHRASES = new Map<string, string[]>();
/** First stem of a phrase → the longest phrase starting with it, in words: most words start none. */
const LONGEST_FROM = new Map<string, number>();
const umbrellasOf = (concept: string) =>
  Object.entries(UMBRELLAS)
    .filter(([, u]) => u.members.includes(concept))
    .map(([name]) => name);
const addPhrase = (phrase: string, concepts: string[]) => {
  const stems = words(phrase).map(stem);
  const key = stems.join(' ');
  LONGEST_FROM.set(stems[0], Math.max(LONGEST_FROM.get(stems[0]) ?? 0, stems.length));
  const list = PHRASES.get(key) ?? [];
  for (const concept of concepts) if (!list.includes(concept)) list.push(concept);
  PHRASES.set(key, list);
};
for (const [concept, phrases] of Object.entries(CONCEPTS)) {
  for (const phrase of phrases) addPhrase(phrase, [concept, ...umbrellasOf(concept)]);
}
for (const [umbrella, { phrases }] of Object.entries(UMBRELLAS)) for (const phrase of phrases) addPhrase(phrase, [umbrella]);

/**
 * The terms of a text: each word's stem (stopwords and lone digits dropped) and, for the longest
 * vocabulary phrase starting at each word, its concept(s) as `#concept`.
 */
export function terms(text: string): Term[] {
  const raw = words(text);
  const stems = raw.map(stem);
  const out: Term[] = [];
  let coveredUntil = 0;
  for (let i = 0; i < raw.length; i++) {
    const longest = i >= coveredUntil ? (LONGEST_FROM.get(stems[i]) ?? 0) : 0;
    if (longest) {
      for (let len = Math.min(longest, MAX_PHRASE, raw.length - i); len >= 1; len--) {
        const concepts = PHRASES.get(stems.slice(i, i + len).join(' '));
        if (concepts) {
          const surface = raw.slice(i, i + len).join(' ');
          for (const concept of concepts) out.push({ key: `#${concept}`, surface });
          coveredUntil = i + len;
          break;
        }
      }
    }
    const w = raw[i];
    if (STOPWORDS.has(w) || w.length < 2 || /^\d{1,3}$/.test(w)) continue;
    out.push({ key: stems[i], surface: w });
  }
  return out;
}
