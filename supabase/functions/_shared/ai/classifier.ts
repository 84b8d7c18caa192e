/**
 * The built-in classifier (docs/decisions.md decision 17): no network, nothing leaves the machine. It
 * reads each checklist item (name, description, category, the catalog's title and requirements) and the
 * file (name and extracted text) through the due-diligence vocabulary, weighs what they share by how
 * rare it is on this checklist, and answers the best three items with a confidence and the evidence.
 */
import { terms, type Term } from './terms.ts';

export interface ChecklistEntry {
  item_id: string;
  name: string;
  description?: string | null;
  category?: string | null;
  item_code?: string | null;
  catalog_title?: string | null;
  catalog_description?: string | null;
  requirements?: Record<string, unknown> | null;
}

export interface Candidate {
  item_id: string;
  confidence: number;
  reasoning: string;
}

export interface Classification {
  candidates: Candidate[];
  reasoning: string;
  ai_tags: string[];
}

export interface ClassifyInput {
  fileName: string;
  text: string;
  /** Why the text is empty or partial, said in the reasoning ("The document is password-protected"). */
  textNote?: string;
  checklist: ChecklistEntry[];
}

const CONCEPT_BOOST = 2.5;
const boost = (key: string) => (key.startsWith('#') ? CONCEPT_BOOST : 1);

/**
 * An item's vector depends only on its texts, and a deal's checklist changes far less often than files
 * arrive: computed once per distinct item text (it was most of a classification's time: 3.5 of 3.6 ms
 * for a file read by name against the 65-item Default checklist).
 */
const ITEM_VECTORS = new Map<string, Map<string, number>>();
const ITEM_VECTORS_KEPT = 5_000;

function cachedItemVector(entry: ChecklistEntry): Map<string, number> {
  const notes = entry.requirements?.custom_notes;
  const key = JSON.stringify([
    entry.name,
    entry.catalog_title ?? null,
    entry.description ?? null,
    entry.catalog_description ?? null,
    entry.category ?? null,
    typeof notes === 'string' ? notes : null,
  ]);
  let vector = ITEM_VECTORS.get(key);
  if (!vector) {
    if (ITEM_VECTORS.size >= ITEM_VECTORS_KEPT) ITEM_VECTORS.clear();
    vector = itemVector(entry);
    ITEM_VECTORS.set(key, vector);
  }
  return vector;
}

function itemVector(entry: ChecklistEntry): Map<string, number> {
  const vector = new Map<string, number>();
  const add = (text: string | null | undefined, weight: number) => {
    if (!text) return;
    const seen = new Set<string>();
    for (const term of terms(text)) {
      if (seen.has(term.key)) continue;
      seen.add(term.key);
      vector.set(term.key, (vector.get(term.key) ?? 0) + weight * boost(term.key));
    }
  };
  add(entry.name, 3);
  if (entry.catalog_title && entry.catalog_title !== entry.name) add(entry.catalog_title, 2);
  add(entry.description, 1);
  if (entry.catalog_description && entry.catalog_description !== entry.description) add(entry.catalog_description, 1);
  add(entry.category, 0.5);
  const notes = entry.requirements?.custom_notes;
  if (typeof notes === 'string') add(notes, 0.5);
  return vector;
}

interface FileTerm {
  weight: number;
  inName: boolean;
  surfaces: Set<string>;
}

/** How strongly the file says each term: its name counts most, then the opening of the text, then the rest. */
function fileVector(fileName: string, text: string): Map<string, FileTerm> {
  const fromName = new Map<string, Term>();
  const baseName = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  for (const term of terms(baseName)) if (!fromName.has(term.key)) fromName.set(term.key, term);
  const fromText = new Map<string, { mass: number; surfaces: Set<string> }>();
  const addText = (term: Term, weight: number) => {
    const entry = fromText.get(term.key) ?? { mass: 0, surfaces: new Set<string>() };
    entry.mass += weight;
    if (entry.surfaces.size < 3) entry.surfaces.add(term.surface);
    fromText.set(term.key, entry);
  };
  for (const term of terms(text.slice(0, 400))) addText(term, 1);
  for (const term of terms(text.slice(400, 60_000))) addText(term, 0.3);

  const vector = new Map<string, FileTerm>();
  for (const [key, term] of fromName)
    vector.set(key, { weight: 3 * boost(key), inName: true, surfaces: new Set([term.surface]) });
  // Repetition in the text says something, with diminishing returns.
  for (const [key, entry] of fromText) {
    const weight = Math.min(3, Math.sqrt(entry.mass)) * boost(key);
    const existing = vector.get(key);
    if (existing) existing.weight += weight;
    else vector.set(key, { weight, inName: false, surfaces: entry.surfaces });
  }
  return vector;
}

interface Scored {
  entry: ChecklistEntry;
  score: number;
  evidence: { key: string; contribution: number; inName: boolean; surfaces: string[] }[];
}

function describeEvidence(scored: Scored): string {
  const top = scored.evidence.slice(0, 4);
  const inName = top.filter((e) => e.inName).flatMap((e) => e.surfaces.slice(0, 1));
  const inText = top.filter((e) => !e.inName).flatMap((e) => e.surfaces.slice(0, 1));
  const parts: string[] = [];
  if (inName.length) parts.push(`the file name says ${quoteList(inName)}`);
  if (inText.length) parts.push(`the text mentions ${quoteList(inText)}`);
  return parts.length ? parts.join(' and ') : 'nothing specific';
}

function quoteList(items: string[]): string {
  const unique = [...new Set(items)];
  return unique.map((s) => `"${s}"`).join(', ');
}

/** Confidence 0–100 from how strong the best match is and how far ahead of the next one it is. */
export function confidenceOf(best: number, second: number): number {
  if (best <= 0) return 0;
  const strength = 1 - Math.exp(-best / 5);
  const lead = (best - second) / best;
  return Math.max(1, Math.min(99, Math.round(100 * strength * (0.5 + 0.5 * lead))));
}

/**
 * The most a match may claim when it cannot be certain: the file's name says other things than the
 * item asks for, or no text could be read and the name is all there is (below the 80 of "certain").
 */
export const UNCERTAIN_CEILING = 75;
const UNEXPLAINED_NAME_CEILING = UNCERTAIN_CEILING;

/** Candidates of a file whose text could not be read, whichever provider answered: never offered as certain. */
export function capUnread<T extends { confidence: number }>(candidates: T[]): T[] {
  return candidates.map((c) => ({ ...c, confidence: Math.min(c.confidence, UNCERTAIN_CEILING) }));
}

export function classify(input: ClassifyInput): Classification {
  const items = input.checklist;
  if (!items.length) {
    return { candidates: [], reasoning: "The deal's checklist has no items to match this file against.", ai_tags: [] };
  }
  const vectors = items.map(cachedItemVector);
  const df = new Map<string, number>();
  for (const v of vectors) for (const key of v.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  const n = items.length;
  const idf = (key: string) => Math.log(1 + n / (df.get(key) ?? n));

  const file = fileVector(input.fileName, input.text);
  const scored: Scored[] = items.map((entry, index) => {
    const vector = vectors[index];
    let norm = 0;
    for (const [key, w] of vector) norm += (w * idf(key)) ** 2;
    norm = Math.sqrt(norm) || 1;
    const evidence: Scored['evidence'] = [];
    let score = 0;
    for (const [key, w] of vector) {
      const f = file.get(key);
      if (!f) continue;
      const contribution = (f.weight * w * idf(key) ** 2) / Math.sqrt(norm);
      score += contribution;
      evidence.push({ key, contribution, inName: f.inName, surfaces: [...f.surfaces] });
    }
    evidence.sort((a, b) => b.contribution - a.contribution);
    return { entry, score, evidence };
  });
  scored.sort((a, b) => b.score - a.score);

  const source = input.textNote
    ? ` ${input.textNote}`
    : input.text.trim()
      ? ''
      : ' No text could be read from the file, so only its name was used.';
  const top = scored.slice(0, 3).filter((s) => s.score > 0);
  if (!top.length) {
    return {
      candidates: [],
      reasoning: `Nothing in the file name or text matched a checklist item.${source}`.trim(),
      ai_tags: tagsOf(file),
    };
  }
  // A name is the strongest sign of what a document is: when it says several things and none of them
  // is what the best item asks for, the match rests on the text alone and is not offered as certain
  // ("Clinical trial agreement" whose text mentions a budget is not a budget).
  const nameWords = [...file.entries()].filter(([key, f]) => f.inName && !key.startsWith('#')).length;
  const nameUnexplained = nameWords >= 2 && !top[0].evidence.some((e) => e.inName);
  // A lower-ranked candidate is never more confident than the one above it: the list reads in order.
  let ceiling = nameUnexplained ? UNEXPLAINED_NAME_CEILING : 99;
  const candidates = top.map((s, i) => {
    const next = scored[i + 1]?.score ?? 0;
    const confidence = Math.min(
      ceiling,
      i === 0
        ? confidenceOf(s.score, next)
        : Math.min(
            confidenceOf(s.score, scored[0].score * 0.5),
            Math.round(confidenceOf(scored[0].score, next) * (s.score / scored[0].score)),
          ),
    );
    ceiling = confidence;
    return {
      item_id: s.entry.item_id,
      confidence,
      reasoning: `Matches "${s.entry.name}": ${describeEvidence(s)}.`,
    };
  });
  const best = top[0];
  const runnerUp = top[1] ? ` Next best: "${top[1].entry.name}".` : '';
  return {
    candidates,
    reasoning:
      `${candidates[0].reasoning.replace(/\.$/, '')}${best.entry.category ? ` (${best.entry.category})` : ''}.${runnerUp}${source}`.trim(),
    ai_tags: tagsOf(file),
  };
}

/** The vocabulary concepts the file speaks of, strongest first, as short tags. */
function tagsOf(file: Map<string, FileTerm>): string[] {
  return [...file.entries()]
    .filter(([key]) => key.startsWith('#'))
    .sort((a, b) => b[1].weight - a[1].weight)
    .slice(0, 5)
    .map(([key]) => key.slice(1).replace(/_/g, ' '));
}
