/**
 * The Docs suite of `npm test`: what the repository's files cite in `docs/` exists. Each tracked text file
 * is one check, failed when it cites a `docs/` file that is not there, a `docs/product.md §N` with no such
 * section, a "decision N" that `docs/decisions.md` does not number, or a path outside the repository (a
 * reader of the repository has only what is in it; see README's "Docs" line).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocsProblem {
  file: string;
  line: number;
  message: string;
}

// Written in two parts so this file, which must name it, does not itself cite it.
const OUTSIDE_FOLDER = ['..', 'shared'].join('/');

const TEXT_FILES = /\.(ts|tsx|mjs|js|sql|md|json|sh|css|html)$|(^|\/)run$/;

/** Numbers of `docs/decisions.md`'s entries ("N. **Title.** …" at the start of a line). */
export function decisionNumbers(decisions: string): Set<number> {
  return new Set([...decisions.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1])));
}

/** Section numbers of `docs/product.md` ("## §N Title"). */
export function productSections(product: string): Set<number> {
  return new Set([...product.matchAll(/^#+ §(\d+)\b/gm)].map((m) => Number(m[1])));
}

/** The problems in one file's text, given the repository's docs. */
export function problemsIn(
  file: string,
  text: string,
  docs: { exists: (path: string) => boolean; decisions: Set<number>; sections: Set<number> },
): DocsProblem[] {
  const problems: DocsProblem[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const at = (message: string) => problems.push({ file, line: i + 1, message });
    for (const m of line.matchAll(/(?<![\w./-])docs\/([\w-]+(?:\/[\w-]+)*\.md)/g)) {
      if (!docs.exists(`docs/${m[1]}`)) at(`cites docs/${m[1]}, which does not exist`);
    }
    for (const m of line.matchAll(/docs\/product\.md §(\d+)/g)) {
      if (!docs.sections.has(Number(m[1]))) at(`cites docs/product.md §${m[1]}, which has no such section`);
    }
    for (const m of line.matchAll(/\b[Dd]ecisions? (\d+)\b/g)) {
      if (!docs.decisions.has(Number(m[1]))) at(`cites decision ${m[1]}, which docs/decisions.md does not number`);
    }
    // The specification folder next to the repository is not part of it: cite docs/ instead.
    if (line.includes(OUTSIDE_FOLDER)) at('cites the specification folder beside the repository; cite docs/ instead');
  });
  return problems;
}

/** The checker must be able to fail: how many of the 4 problems planted in one line it finds. */
export function plantedProblemsFound(): number {
  return problemsIn('planted', `docs/missing.md, docs/product.md §99, decision 9999, ${OUTSIDE_FOLDER}/spec`, {
    exists: (path) => path === 'docs/product.md',
    decisions: new Set([1]),
    sections: new Set([1]),
  }).length;
}

export function checkDocsReferences(root: string): { checked: number; problems: DocsProblem[] } {
  const listed = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' });
  const files = listed.stdout
    .split('\n')
    .filter((f) => f && TEXT_FILES.test(f) && f !== 'scripts/lib/docs-references.ts')
    .filter((f) => existsSync(join(root, f)));
  const docs = {
    exists: (path: string) => existsSync(join(root, path)),
    decisions: decisionNumbers(readFileSync(join(root, 'docs/decisions.md'), 'utf8')),
    sections: productSections(readFileSync(join(root, 'docs/product.md'), 'utf8')),
  };
  const problems = files.flatMap((file) => problemsIn(file, readFileSync(join(root, file), 'utf8'), docs));
  return { checked: files.length, problems };
}
