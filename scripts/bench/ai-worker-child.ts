/**
 * The AI worker alone in a process, as `npm start` runs it (same Node flags), for `npm run bench -- ai`:
 * drains one deal's jobs at concurrency 2 and prints {ran, seconds, peakRss, baselineRss} as JSON.
 * Arguments: database URL, blob folder, deal id.
 */
import postgres from 'postgres';
import { diskBlobStore } from '../../server/blob-store.ts';
import { builtinAi } from '../../supabase/functions/_shared/ai/providers.ts';
import { drainAiJobs } from '../../supabase/functions/_shared/ai/worker.ts';
import { rssOf } from './lib.ts';

const [url, dir, dealId] = process.argv.slice(2);
const sql = postgres(url, { max: 4, onnotice: () => {} });
const blobs = diskBlobStore({ dir, secret: 'x' }).store;
const quiet = { info() {}, warn() {}, error() {} };
await sql`select 1`;
const baselineRss = rssOf(process.pid);
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(process.pid));
}, 25);
const started = performance.now();
const ran = await drainAiJobs({ sql, blobs, ai: builtinAi, workerId: 'bench-child', dealId, log: quiet }, { concurrency: 2 });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, rssOf(process.pid));
await sql.end();
console.log(JSON.stringify({ ran, seconds, peakRss, baselineRss }));
