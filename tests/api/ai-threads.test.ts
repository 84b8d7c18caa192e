/**
 * The embedded server's AI threads (server/ai-threads.ts, docs/decisions.md decision 43): documents are
 * read and classified off the API's thread, so pdf.js never replaces the API process's JSON.stringify
 * (issue 33); a thread that hangs or crashes fails only its job, as an unreadable file, and is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiFromEnv } from '../../supabase/functions/_shared/ai/providers.ts';
import { drainAiJobs, startAiWorker } from '../../supabase/functions/_shared/ai/worker.ts';
import type { Logger } from '../../supabase/functions/_shared/logger.ts';
import { pdf } from '../../scripts/bench/ai/office.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { startAiThreads, type AiThreadPool } from '../../server/ai-threads.ts';
import { startStampThreads } from '../../server/stamp-threads.ts';
import { call, sql, storage } from './helpers.ts';
import { room, twoStep } from './dataroom-lib.ts';

const quietLog: Logger = { info() {}, warn() {}, error() {} };
// The engine's own, taken before anything could load pdf.js. Compared by identity: core-js also replaces
// Function.prototype.toString, so its JSON.stringify prints as "[native code]" too.
const engine = { stringify: JSON.stringify, parse: JSON.parse, toString: Function.prototype.toString };
const globalsNow = () => ({ stringify: JSON.stringify, parse: JSON.parse, toString: Function.prototype.toString });

async function analysisOf(fileId: string) {
  const [row] = await sql<{ status: string; extraction: string; reasoning: string; recommended_item_id: string | null }[]>`
    select status, extraction, reasoning, recommended_item_id from public.file_ai_analyses where file_id = ${fileId}`;
  return row;
}

describe('AI analysis in the threads of the embedded server', () => {
  let threads: AiThreadPool;
  beforeAll(() => {
    threads = startAiThreads({ log: quietLog });
  });
  afterAll(async () => {
    await threads.close();
  });

  it("analyses a real PDF and leaves this process's JSON.stringify the engine's own", { timeout: 180_000 }, async () => {
    expect(JSON.stringify.toString()).toContain('[native code]');
    const r = await room('ai-threads');
    const cat = await call('POST', `${r.base}/checklist/categories`, { token: r.owner.token, body: { name: 'Finance' } });
    const item = await call('POST', `${r.base}/checklist/items`, {
      token: r.owner.token,
      body: { name: 'Audited financial statements', category_id: cat.body.id },
    });
    const up = await twoStep(r, r.owner, {
      filename: 'FY2023 accounts.pdf',
      content_type: 'application/pdf',
      bytes: pdf(
        "Independent auditor's report. Audited financial statements: balance sheet, income statement and cash flow statement for the year ended 31 December 2023.",
        'Annual accounts 2023',
      ),
    });
    // Wired as server/app.ts wires it: the worker's extractor and the built-in provider are the threads'.
    const worker = startAiWorker({
      sql,
      blobs: storage.store,
      ai: aiFromEnv(() => undefined, threads.builtin),
      extract: threads.extract,
      workerId: `test-threads-${Math.random().toString(36).slice(2, 8)}`,
      dealId: r.deal.id,
      log: quietLog,
    });
    try {
      await worker.idle();
    } finally {
      await worker.stop();
    }
    const analysis = await analysisOf(up.fileId);
    expect(analysis).toMatchObject({ status: 'review', extraction: 'full', recommended_item_id: item.body.id });
    const [stored] = await sql`select content from public.file_texts where file_id = ${up.fileId}`;
    expect(stored.content).toContain('Independent auditor');
    const now = globalsNow();
    expect(now.stringify === engine.stringify, 'JSON.stringify was replaced').toBe(true);
    expect(now.parse === engine.parse, 'JSON.parse was replaced').toBe(true);
    expect(now.toString === engine.toString, 'Function.prototype.toString was replaced').toBe(true);
  });
});

/** How many of this process's threads run at that niceness (Linux: the 19th field of a task's stat). */
function threadsAtNice(nice: number): number {
  return readdirSync('/proc/self/task').filter((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice;
  }).length;
}

describe("the threads' priority", () => {
  it("runs the AI pool's threads below the API's priority, and the stamper's at it", async () => {
    const before = threadsAtNice(10);
    const pool = startAiThreads({ threads: 2, idleMs: 60_000, log: quietLog });
    const stamps = startStampThreads({ log: quietLog });
    try {
      const text = () => new TextEncoder().encode('lease of the premises');
      // Two jobs at once: each thread starts and answers one.
      const read = await Promise.all([
        pool.extract('a.txt', 'text/plain', text(), 21),
        pool.extract('b.txt', 'text/plain', text(), 21),
      ]);
      expect(read.map((r) => r.text)).toEqual(['lease of the premises', 'lease of the premises']);
      await expect(stamps.stamper.prepare(pdf('Board minutes', 'Minutes'), 'pdf')).resolves.toBeDefined();
      expect(threadsAtNice(10) - before).toBe(2);
    } finally {
      await Promise.all([pool.close(), stamps.close()]);
    }
    expect(threadsAtNice(10)).toBe(before);
  });
});

describe('a thread that hangs or crashes', () => {
  let threads: AiThreadPool;
  beforeAll(() => {
    threads = startAiThreads({
      threads: 2,
      timeoutMs: 1_000,
      log: quietLog,
      threadFile: new URL('./ai-threads-misbehaving.mjs', import.meta.url),
    });
  });
  afterAll(async () => {
    await threads.close();
  });
  const bytes = () => new TextEncoder().encode('some text');

  it('fails only its job, as a file that took too long to read, and is replaced', async () => {
    const [hung, fine] = await Promise.all([
      threads.extract('hang.pdf', 'application/pdf', bytes(), 9),
      threads.extract('fine.txt', 'text/plain', bytes(), 9),
    ]);
    expect(hung).toEqual({
      text: '',
      truncated: false,
      extraction: 'name_only',
      note: 'Reading the PDF took too long, so only its name was used.',
    });
    expect(fine).toMatchObject({ text: 'fine.txt (9 bytes)', extraction: 'full' });
    expect(await threads.extract('after.txt', 'text/plain', bytes(), 9)).toMatchObject({ text: 'after.txt (9 bytes)' });
  });

  it('fails only its job, as a damaged file, and is replaced', async () => {
    expect(await threads.extract('crash.docx', '', bytes(), 9)).toEqual({
      text: '',
      truncated: false,
      extraction: 'name_only',
      note: 'The Word document could not be read (it may be damaged), so only its name was used.',
    });
    expect(await threads.extract('after.txt', 'text/plain', bytes(), 9)).toMatchObject({ text: 'after.txt (9 bytes)' });
  });

  it('transfers the bytes to the thread instead of copying them', async () => {
    const mine = bytes();
    await threads.extract('moved.txt', 'text/plain', mine, 9);
    expect(mine.byteLength).toBe(0);
    // A view of a larger buffer is copied once; the rest of the buffer stays the caller's.
    const whole = new TextEncoder().encode('0123456789');
    expect(await threads.extract('part.txt', 'text/plain', whole.subarray(2, 6), 4)).toMatchObject({
      text: 'part.txt (4 bytes)',
    });
    expect(whole.byteLength).toBe(10);
  });

  it('ends a job as an extraction failure ends it: analysed from its name, not retried', async () => {
    const r = await room('ai-threads-crash');
    const up = await twoStep(r, r.owner, {
      filename: 'crash report.pdf',
      content_type: 'application/pdf',
      bytes: pdf('Anything', 'Anything'),
    });
    await drainAiJobs({
      sql,
      blobs: storage.store,
      ai: aiFromEnv(() => undefined),
      extract: threads.extract,
      workerId: `test-crash-${Math.random().toString(36).slice(2, 8)}`,
      dealId: r.deal.id,
      log: quietLog,
    });
    const analysis = await analysisOf(up.fileId);
    expect(analysis.extraction).toBe('name_only');
    expect(analysis.reasoning).toContain('The PDF could not be read (it may be damaged), so only its name was used.');
    const jobs = await sql`select status, attempts from public.ai_jobs where file_id = ${up.fileId}`;
    expect(jobs).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('refuses work once closed', async () => {
    const closing = startAiThreads({ threadFile: new URL('./ai-threads-misbehaving.mjs', import.meta.url), log: quietLog });
    const hanging = closing.extract('hang.txt', 'text/plain', bytes(), 9).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await closing.close();
    expect(await hanging).toBe('The AI threads are stopped');
    await expect(closing.extract('late.txt', 'text/plain', bytes(), 9)).rejects.toThrow('The AI threads are stopped');
  });
});
