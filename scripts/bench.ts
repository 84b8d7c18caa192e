/**
 * `npm run bench`: prints the performance figures the issues budget. Each benchmark lives in
 * scripts/bench/ and returns rows of [name, value, budget]; nothing here asserts, it measures.
 */
import { startupBench } from './bench/startup.ts';
import { bundleBench } from './bench/bundle.ts';
import { listingBench } from './bench/listing.ts';
import { uploadBench } from './bench/upload.ts';
import { checklistBench } from './bench/checklist.ts';
import { checklistAfterAiBench } from './bench/checklist-after-ai.ts';
import { peopleBench } from './bench/people.ts';
import { browserBench } from './bench/browser.ts';
import { loadBench } from './bench/load.ts';
import { activityBench, reviewBench } from './bench/review.ts';
import { aiBench } from './bench/ai.ts';
import { officeBench } from './bench/office.ts';
import { adminBench } from './bench/admin.ts';
import { authBench } from './bench/auth.ts';
import { exportBench } from './bench/export.ts';
import { rangesBench } from './bench/ranges.ts';
import { viewerBench } from './bench/viewer.ts';
import { viewerPaintBench } from './bench/viewer-paint.ts';
import { searchBench } from './bench/search.ts';
import { qnaBench } from './bench/qna.ts';

type Row = [string, string, string];
const benches: [string, () => Promise<Row[]>][] = [
  ['Start-up', startupBench],
  ['Web bundle', bundleBench],
  [`Data room listing (${Number(process.env.LISTING_FILES ?? 10000).toLocaleString('en-US')} files)`, listingBench],
  ['Data room upload (1 GiB)', uploadBench],
  [
    `Download ranges (${(Number(process.env.BENCH_RANGES_BYTES ?? 1024 ** 3) / 1024 ** 2).toFixed(0)} MiB: 8 parts against one download)`,
    rangesBench,
  ],
  [`Checklist (${Number(process.env.CHECKLIST_ITEMS ?? 1000).toLocaleString('en-US')} items)`, checklistBench],
  [`Checklist before and after AI analyses (1,000 items, ${process.env.CHECKLIST_AI_PDFS ?? 20} PDFs)`, checklistAfterAiBench],
  ['People (2,000 members, 20 groups)', peopleBench],
  ['In the browser', browserBench],
  [`Review queue (${Number(process.env.REVIEW_FILES ?? 10000).toLocaleString('en-US')} files, 1,000 items)`, reviewBench],
  ['Activity feed (100,000 entries)', activityBench],
  [`Load (${process.env.LOAD_CLIENTS ?? 50} clients, ${process.env.LOAD_SECONDS ?? 60} s)`, loadBench],
  ['AI assistant (labelled set, 1,000 PDFs)', aiBench],
  ['Office conversion for the viewer (50-page DOCX)', officeBench],
  ['Admin portal (1,000,000 audit entries, 100,000 users)', adminBench],
  ['Auth (sign-in, refresh, the check on every call)', authBench],
  [
    `ZIP export (${process.env.EXPORT_BENCH_FILES ?? 1000} files, ${((Number(process.env.EXPORT_BENCH_BYTES) || 1024 ** 3) / 1024 ** 3).toFixed(2)} GiB)`,
    exportBench,
  ],
  [`Viewer (a ${process.env.VIEWER_PAGES ?? 300}-page PDF, stamped and not)`, viewerBench],
  [`Viewer in Chromium (a ${process.env.VIEWER_PAGES ?? 300}-page PDF opened from the data room)`, viewerPaintBench],
  [
    `Search inside documents (${Number(process.env.SEARCH_DOCS ?? 100000).toLocaleString('en-US')} documents of 20 KB)`,
    searchBench,
  ],
  [`Q&A list (qna; ${Number(process.env.QNA_QUESTIONS ?? 20000).toLocaleString('en-US')} questions, 3 answers each)`, qnaBench],
];

const only = process.argv.slice(2);
for (const [name, bench] of benches) {
  // A bench is chosen by a word of its name ("load" is not "upload"); the words are text, not patterns.
  const asWords = (o: string) => new RegExp(`(^|[^a-z])${o.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  if (only.length && !only.some((o) => asWords(o).test(name.toLowerCase()))) continue;
  console.log(`\n== ${name}`);
  const rows = await bench();
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [label, value, budget] of rows) console.log(`  ${label.padEnd(width)}  ${value.padStart(12)}   ${budget}`);
}
