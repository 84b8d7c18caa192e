/**
 * The AI assistant through the API (docs/product.md §7 AI): uploads queue a job, the worker classifies
 * against the deal's checklist, people read and act on the suggestion, and every failure mode ends in
 * a clear state: a dead worker's job is reclaimed once, a failing provider falls back, three failures
 * end in try_again, a dropped database connection leaves the job to the next worker.
 */
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainAiJobs, startAiWorker, type AiWorkerDeps } from '../../supabase/functions/_shared/ai/worker.ts';
import { builtinAi, openAiProvider, type AiPort } from '../../supabase/functions/_shared/ai/providers.ts';
import type { Logger } from '../../supabase/functions/_shared/logger.ts';
import { EXTRACT_LIMITS, extractText } from '../../supabase/functions/_shared/ai/extract.ts';
import { docx, pdf, xlsx } from '../../scripts/bench/ai/render.ts';
import { app, call, registerUser, sql, storage, type TestUser } from './helpers.ts';
import { activities, member, requestJson, room, uploadText, type Room } from './dataroom-lib.ts';
import { withStreams } from './event-stream.ts';
import { useStandIn } from './local-server.ts';
import { setMember } from './people-lib.ts';

interface Checklist {
  [key: string]: string;
}

/** A category with items named as a real request list would name them. */
async function dueDiligenceItems(r: Room): Promise<Checklist> {
  const cat = await call('POST', `${r.base}/checklist/categories`, {
    token: r.owner.token,
    body: { name: 'Financial and legal' },
  });
  expect(cat.status).toBe(201);
  const names = {
    accounts: ['Audited financial statements', 'Audited annual accounts for the last three financial years'],
    customers: ['Material customer contracts', 'Master services agreements and other contracts with the top customers'],
    leases: ['Real estate leases', 'Leases of offices, warehouses and other premises'],
    nda: ['Confidentiality agreements', 'Non-disclosure agreements signed by the company'],
    captable: ['Capitalisation table', 'Current cap table showing all shareholders and option holders'],
  } as const;
  const ids: Checklist = {};
  for (const [key, [name, description]] of Object.entries(names)) {
    const item = await call('POST', `${r.base}/checklist/items`, {
      token: r.owner.token,
      body: { name, description, category_id: cat.body.id },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    ids[key] = item.body.id;
  }
  return ids;
}

const quietLog: Logger = { info() {}, warn() {}, error() {} };

const deps = (r: Room, extra: Partial<AiWorkerDeps> = {}): AiWorkerDeps => ({
  sql,
  blobs: storage.store,
  ai: builtinAi,
  workerId: `test-${Math.random().toString(36).slice(2, 8)}`,
  dealId: r.deal.id,
  log: quietLog,
  ...extra,
});

async function fileState(fileId: string) {
  const [row] = await sql<{ ai_status: string; checklist_items: string[]; name: string; current_version: number }[]>`
    select ai_status, checklist_items, name, current_version from public.files where id = ${fileId}`;
  return row;
}

async function jobsOf(fileId: string) {
  return sql<{ status: string; attempts: number; worker: string | null; last_error: string | null }[]>`
    select status, attempts, worker, last_error from public.ai_jobs where file_id = ${fileId} order by id`;
}

async function analysesOf(fileId: string) {
  return sql<{ status: string; provider: string; recommended_item_id: string | null }[]>`
    select status, provider, recommended_item_id from public.file_ai_analyses where file_id = ${fileId} order by created_at`;
}

/** The engine's built-ins, taken before any PDF is read here (pdf.js is loaded at the first). */
const ENGINE_BUILT_INS = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };

describe('AI analysis of an upload', () => {
  let r: Room;
  let items: Checklist;
  let contributor: TestUser;
  let viewer: TestUser;
  let fileId: string;

  beforeAll(async () => {
    r = await room('ai');
    items = await dueDiligenceItems(r);
    contributor = await member(r, 'contributor', 'ai-contrib');
    viewer = await member(r, 'viewer', 'ai-viewer');
    const up = await uploadText(
      r,
      r.owner,
      'FY2023 audited accounts.txt',
      "Independent auditor's report. Balance sheet, income statement and cash flow statement for the year ended 31 December 2023.",
    );
    fileId = up.fileId;
  });

  it('completing an upload queues one job and shows queued', async () => {
    expect((await fileState(fileId)).ai_status).toBe('queued');
    expect(await jobsOf(fileId)).toMatchObject([{ status: 'queued', attempts: 0 }]);
    const status = await call('GET', `${r.base}/files/${fileId}/ai-analysis/status`, { token: viewer.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ status: 'queued' });
    const none = await call('GET', `${r.base}/files/${fileId}/ai-analysis`, { token: r.owner.token });
    expect(none.status).toBe(200);
    expect(typeof none.body.message).toBe('string');
  });

  it('the worker classifies it against the checklist, with evidence and three candidates at most', async () => {
    expect(await drainAiJobs(deps(r))).toBe(1);
    expect((await fileState(fileId)).ai_status).toBe('review');
    const res = await call('GET', `${r.base}/files/${fileId}/ai-analysis`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.recommended_item).toMatchObject({
      id: items.accounts,
      name: 'Audited financial statements',
      category: 'Financial and legal',
    });
    expect(res.body.status).toBe('review');
    expect(res.body.provider).toBe('builtin');
    expect(res.body.confidence).toBeGreaterThanOrEqual(60);
    expect(res.body.confidence).toBeLessThanOrEqual(100);
    expect(res.body.candidates.length).toBeGreaterThan(0);
    expect(res.body.candidates.length).toBeLessThanOrEqual(3);
    expect(res.body.candidates[0].item_id).toBe(items.accounts);
    expect(res.body.reasoning.toLowerCase()).toContain('audit');
    expect(res.body.extraction).toBe('full');
    const [stored] = await sql`select content from public.file_texts where file_id = ${fileId}`;
    expect(stored.content).toContain('Independent auditor');
    expect(await jobsOf(fileId)).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('lists the file as pending review, with the suggestion per checklist item and in the deal stats', async () => {
    const pending = await call('GET', `${r.base}/files/pending-review`, { token: r.owner.token });
    expect(pending.status).toBe(200);
    expect(pending.body.total_count).toBe(1);
    expect(pending.body.pending_files[0]).toMatchObject({
      file_id: fileId,
      file_name: 'FY2023 audited accounts.txt',
      file_path: '/',
      recommended_item: { id: items.accounts },
    });
    expect(typeof pending.body.pending_files[0].upload_date).toBe('string');
    const byItem = await call('GET', `${r.base}/checklist/ai-suggestions`, { token: r.owner.token });
    expect(byItem.status).toBe(200);
    expect(Object.keys(byItem.body.suggestions_by_item)).toEqual([items.accounts]);
    expect(byItem.body.suggestions_by_item[items.accounts][0]).toMatchObject({ file_id: fileId, item_id: items.accounts });
    const stats = await call('GET', `${r.base}/dashboard/stats`, { token: r.owner.token });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body).toMatchObject({ files_pending_review: 1, files_processing: 0, files_queued: 0 });
  });

  it('refuses bad actions with a clear 400 and changes nothing', async () => {
    const act = (body: unknown, token = r.owner.token) =>
      call('POST', `${r.base}/files/${fileId}/ai-analysis/action`, { token, body });
    const unknown = await act({ action: 'approve' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/Unknown action/);
    const noItem = await act({ action: 'override' });
    expect(noItem.status).toBe(400);
    expect(noItem.body.detail).toBe('Please select a checklist item to override with');
    const other = await room('ai-other');
    const otherItems = await dueDiligenceItems(other);
    const foreign = await act({ action: 'override', override_item_id: otherItems.leases });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe('The checklist item does not belong to this deal');
    const notUuid = await act({ action: 'override', override_item_id: 'x' });
    expect(notUuid.status).toBe(400);
    const missing = await act({});
    expect(missing.status).toBe(400);
    expect((await fileState(fileId)).ai_status).toBe('review');
    expect((await analysesOf(fileId)).map((a) => a.status)).toEqual(['review']);
  });

  it('a viewer may read the suggestion but not act on it; a stranger learns nothing', async () => {
    const read = await call('GET', `${r.base}/files/${fileId}/ai-analysis`, { token: viewer.token });
    expect(read.status).toBe(200);
    const act = await call('POST', `${r.base}/files/${fileId}/ai-analysis/action`, {
      token: viewer.token,
      body: { action: 'accept' },
    });
    expect(act.status).toBe(403);
    expect(act.body.detail).toBeTruthy();
    const stranger = await registerUser('ai-stranger');
    for (const [method, path] of [
      ['GET', `${r.base}/files/${fileId}/ai-analysis`],
      ['GET', `${r.base}/files/${fileId}/ai-analysis/status`],
      ['GET', `${r.base}/files/pending-review`],
      ['GET', `${r.base}/checklist/ai-suggestions`],
      ['POST', `${r.base}/files/${fileId}/ai-analysis/retry`],
      ['POST', `${r.base}/files/batch-ai-analysis`],
    ] as const) {
      const res = await call(method, path, { token: stranger.token, body: method === 'POST' ? {} : undefined });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain('audited');
    }
    const unknownFile = await call('GET', `${r.base}/files/00000000-0000-4000-8000-000000000000/ai-analysis`, {
      token: r.owner.token,
    });
    expect(unknownFile.status).toBe(404);
    const badId = await call('GET', `${r.base}/files/not-a-uuid/ai-analysis/status`, { token: r.owner.token });
    expect([400, 404]).toContain(badId.status);
    expect((await fileState(fileId)).ai_status).toBe('review');
  });

  it('accept links the file to the recommended item, records activity and audit, and closes the suggestion', async () => {
    const res = await call('POST', `${r.base}/files/${fileId}/ai-analysis/action`, {
      token: r.owner.token,
      body: { action: 'accept' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ action: 'accept', item_id: items.accounts, ai_status: 'approved' });
    const file = await fileState(fileId);
    expect(file.ai_status).toBe('approved');
    expect(file.checklist_items).toEqual([items.accounts]);
    const connected = await call('GET', `${r.base}/checklist/items/${items.accounts}`, { token: r.owner.token });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(JSON.stringify(connected.body)).toContain(fileId);
    const feed = await activities(r.deal.id, 'ai_review');
    expect(feed).toHaveLength(1);
    expect(feed[0].description).toContain('Accepted the AI suggestion');
    const audit = await sql`select action from public.audit_logs where entity_id = ${fileId} and action like 'ai_%'`;
    expect(audit.map((a) => a.action)).toEqual(['ai_accept']);
    // The file still awaits its approval (decision 36), now without a suggestion to act on.
    const pending = await call('GET', `${r.base}/files/pending-review`, { token: r.owner.token });
    expect(pending.body.total_count).toBe(1);
    expect(pending.body.pending_files[0]).toMatchObject({ file_id: fileId, analysis_id: null, can_decide: false });
    const again = await call('POST', `${r.base}/files/${fileId}/ai-analysis/action`, {
      token: r.owner.token,
      body: { action: 'dismiss' },
    });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('This file has no AI suggestion awaiting review');
  });

  it('override links the chosen item (new_item_id as the dashboard sends it), dismiss links nothing', async () => {
    const lease = await uploadText(
      r,
      contributor,
      'Scan 0042.txt',
      'Lease of the office premises at 1 King Street between the landlord and the tenant; annual rent and term of ten years.',
    );
    const nda = await uploadText(
      r,
      contributor,
      'doc-17.txt',
      'Mutual non-disclosure agreement: each party shall keep the confidential information of the other secret.',
    );
    expect(await drainAiJobs(deps(r))).toBe(2);
    const leaseAnalysis = await call('GET', `${r.base}/files/${lease.fileId}/ai-analysis`, { token: r.owner.token });
    expect(leaseAnalysis.body.recommended_item.id).toBe(items.leases);
    const ndaAnalysis = await call('GET', `${r.base}/files/${nda.fileId}/ai-analysis`, { token: r.owner.token });
    expect(ndaAnalysis.body.recommended_item.id).toBe(items.nda);
    expect(ndaAnalysis.body.reasoning).toMatch(/non-disclosure|confidential/i);

    const override = await call('POST', `${r.base}/files/${lease.fileId}/ai-analysis/action`, {
      token: r.owner.token,
      body: { action: 'override', new_item_id: items.customers },
    });
    expect(override.status, JSON.stringify(override.body)).toBe(200);
    expect((await fileState(lease.fileId)).checklist_items).toEqual([items.customers]);
    expect((await analysesOf(lease.fileId)).map((a) => a.status)).toEqual(['overridden']);

    const dismiss = await call('POST', `${r.base}/files/${nda.fileId}/ai-analysis/action`, {
      token: r.owner.token,
      body: { action: 'dismiss' },
    });
    expect(dismiss.status).toBe(200);
    const file = await fileState(nda.fileId);
    expect(file.checklist_items).toEqual([]);
    expect(file.ai_status).toBe('completed');
    const audit =
      await sql`select action from public.audit_logs where entity_id in ${sql([lease.fileId, nda.fileId])} and action like 'ai_%' order by created_at`;
    expect(audit.map((a) => a.action)).toEqual(['ai_override', 'ai_dismiss']);
  });

  it('try_again and retry queue a new analysis; the old suggestion is closed', async () => {
    const up = await uploadText(
      r,
      r.owner,
      'Cap table March 2024.txt',
      'Shareholder, class of shares, number of shares, fully diluted percentage, option pool.',
    );
    await drainAiJobs(deps(r));
    const tryAgain = await call('POST', `${r.base}/files/${up.fileId}/ai-analysis/action`, {
      token: r.owner.token,
      body: { action: 'try_again' },
    });
    expect(tryAgain.status).toBe(200);
    expect(tryAgain.body.ai_status).toBe('queued');
    expect((await analysesOf(up.fileId)).map((a) => a.status)).toEqual(['dismissed']);
    const busy = await call('POST', `${r.base}/files/${up.fileId}/ai-analysis/retry`, { token: r.owner.token });
    expect(busy.status).toBe(200);
    expect(busy.body.status).toBe('queued');
    expect((await jobsOf(up.fileId)).filter((j) => j.status === 'queued')).toHaveLength(1);
    await drainAiJobs(deps(r));
    const retry = await call('POST', `${r.base}/files/${up.fileId}/ai-analysis/retry`, { token: r.owner.token });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'queued' });
    // A viewer holds the upload right (docs/access-model.md), and with it may ask for an analysis.
    const viewerRetry = await call('POST', `${r.base}/files/${up.fileId}/ai-analysis/retry`, { token: viewer.token });
    expect(viewerRetry.status).toBe(200);
    expect((await jobsOf(up.fileId)).filter((j) => j.status === 'queued')).toHaveLength(1);
    await drainAiJobs(deps(r));
    const analyses = await analysesOf(up.fileId);
    expect(analyses.map((a) => a.status)).toEqual(['dismissed', 'superseded', 'review']);
    expect(analyses[2].recommended_item_id).toBe(items.captable);
  });

  it('batch analysis queues only files that were never analysed or gave up, and only visible ones', async () => {
    const a = await uploadText(r, r.owner, 'a.txt', 'anything');
    const b = await uploadText(r, r.owner, 'b.txt', 'anything');
    await drainAiJobs(deps(r));
    await sql`update public.files set ai_status = 'not_started' where id = ${a.fileId}`;
    await sql`update public.files set ai_status = 'try_again' where id = ${b.fileId}`;
    const res = await call('POST', `${r.base}/files/batch-ai-analysis`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.processed_files).toBe(2);
    expect((await fileState(a.fileId)).ai_status).toBe('queued');
    expect((await fileState(b.fileId)).ai_status).toBe('queued');
    const none = await call('POST', `${r.base}/files/batch-ai-analysis`, { token: r.owner.token, body: {} });
    expect(none.body).toEqual({ processed_files: 0, message: 'No files need AI analysis' });
    const viewerBatch = await call('POST', `${r.base}/files/batch-ai-analysis`, { token: viewer.token, body: {} });
    expect(viewerBatch.status === 403 || viewerBatch.body.processed_files === 0).toBe(true);
    const bad = await call('POST', `${r.base}/files/batch-ai-analysis`, { token: r.owner.token, body: { file_ids: ['nope'] } });
    expect(bad.status).toBe(400);
    await drainAiJobs(deps(r));
  });

  it('generates metadata for empty fields only, then says what it could not find', async () => {
    const up = await uploadText(
      r,
      r.owner,
      'Mutual NDA Acme Ltd.txt',
      'This Mutual Non-Disclosure Agreement is made on 3 March 2024 between Acme Ltd and Globex Corporation. Signed by Jane Smith, Chief Executive Officer. Strictly confidential.',
    );
    await drainAiJobs(deps(r));
    await call('PUT', `${r.base}/files/${up.fileId}/metadata`, {
      token: r.owner.token,
      body: { quick_summary: 'Written by a person' },
    });
    const res = await call('POST', `${r.base}/files/${up.fileId}/metadata/ai-generate`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.document_type).toBe('NDA');
    expect(res.body.metadata.quick_summary).toBe('Written by a person');
    expect(res.body.metadata.named_organizations).toEqual(expect.arrayContaining(['Acme Ltd']));
    expect(res.body.metadata.date_range_start).toBe('2024-03-03');
    expect(res.body.metadata.ai_generated_at).toBeTruthy();
    expect(res.body.filled_fields).not.toContain('quick_summary');
    // What the text cannot tell stays empty; asking again fills nothing and says what it could not find.
    const again = await call('POST', `${r.base}/files/${up.fileId}/metadata/ai-generate`, { token: r.owner.token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.filled).toEqual([]);
    expect(again.body.message).toBe(`Could not find: ${again.body.not_found.join(', ')}.`);
    const viewerGen = await call('POST', `${r.base}/files/${up.fileId}/metadata/ai-generate`, { token: viewer.token });
    expect(viewerGen.status).toBe(403);
  });
});

describe('AI jobs under faults', () => {
  it('a job whose worker died is reclaimed after its lease and yields one suggestion', async () => {
    const r = await room('ai-lease');
    const items = await dueDiligenceItems(r);
    const up = await uploadText(r, r.owner, 'Annual report and audited accounts 2022.txt', 'Audited financial statements.');
    // Worker A claims with a one-second lease and "dies" (never finishes).
    const [claimed] = await sql`select * from private.claim_ai_jobs('dead-worker', 1, 1, ${r.deal.id}::uuid)`;
    expect(claimed.file_id).toBe(up.fileId);
    expect((await fileState(up.fileId)).ai_status).toBe('processing');
    expect(await drainAiJobs(deps(r))).toBe(0); // still leased
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await drainAiJobs(deps(r))).toBe(1);
    // The dead worker wakes up and tries to finish: refused, nothing doubled.
    const [late] =
      await sql`select private.finish_ai_job(${claimed.job_id}::bigint, 'dead-worker', ${sql.json({ provider: 'builtin', candidates: [], reasoning: 'late', ai_tags: [], extraction: 'full', text: '' })}) as ok`;
    expect(late.ok).toBe(false);
    const analyses = await analysesOf(up.fileId);
    expect(analyses).toHaveLength(1);
    expect(analyses[0].recommended_item_id).toBe(items.accounts);
    expect(await jobsOf(up.fileId)).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('three failed attempts end in try_again with backoff between them; the file is untouched', async () => {
    const r = await room('ai-fail');
    await dueDiligenceItems(r);
    const up = await uploadText(r, r.owner, 'Board minutes.txt', 'Minutes of the board meeting.');
    const before = await fileState(up.fileId);
    const failing: AiPort = {
      classify: async () => {
        throw new Error('provider exploded');
      },
      metadata: builtinAi.metadata,
    };
    expect(await drainAiJobs(deps(r, { ai: failing }))).toBe(1);
    let [job] = await jobsOf(up.fileId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider exploded' });
    expect((await fileState(up.fileId)).ai_status).toBe('queued');
    const [{ wait }] =
      await sql`select extract(epoch from run_after - now())::float as wait from public.ai_jobs where file_id = ${up.fileId}`;
    expect(wait).toBeGreaterThan(5);
    expect(await drainAiJobs(deps(r, { ai: failing }))).toBe(0); // backing off
    for (const attempt of [2, 3]) {
      await sql`update public.ai_jobs set run_after = now() where file_id = ${up.fileId}`;
      expect(await drainAiJobs(deps(r, { ai: failing }))).toBe(1);
      [job] = await jobsOf(up.fileId);
      expect(job.attempts).toBe(attempt);
    }
    expect(job.status).toBe('failed');
    const after = await fileState(up.fileId);
    expect(after.ai_status).toBe('try_again');
    expect({ ...after, ai_status: before.ai_status }).toEqual(before);
    const status = await call('GET', `${r.base}/files/${up.fileId}/ai-analysis/status`, { token: r.owner.token });
    expect(status.body.status).toBe('try_again');
  });

  it('a corrupt PDF is classified from its name, and the reasoning says so', async () => {
    const r = await room('ai-corrupt');
    const items = await dueDiligenceItems(r);
    const up = await uploadText(r, r.owner, 'Capitalisation table.pdf', '%PDF-1.7 this is not really a PDF', 'application/pdf');
    await drainAiJobs(deps(r));
    const res = await call('GET', `${r.base}/files/${up.fileId}/ai-analysis`, { token: r.owner.token });
    expect(res.body.extraction).toBe('name_only');
    expect(res.body.recommended_item.id).toBe(items.captable);
    expect(res.body.reasoning).toMatch(/could not be read \(it may be damaged\), so only its name was used/);
    // The name alone is never "certain" (80 or more), whichever candidate.
    expect(res.body.confidence).toBeLessThan(80);
    expect(res.body.candidates.every((c: { confidence: number }) => c.confidence < 80)).toBe(true);
  });

  it('a dropped database connection mid-job: the worker reconnects and records its result once', async () => {
    const r = await room('ai-drop');
    const items = await dueDiligenceItems(r);
    const up = await uploadText(
      r,
      r.owner,
      'Customer MSA Initech.txt',
      'Master services agreement between the company and its customer Initech.',
    );
    const own = postgres(process.env.TEST_DATABASE_URL!, {
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'ai-drop-worker' },
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow: AiPort = {
      async classify(input) {
        entered();
        await held;
        return builtinAi.classify(input);
      },
      metadata: builtinAi.metadata,
    };
    const running = drainAiJobs({ ...deps(r, { ai: slow }), sql: own });
    await inside;
    const [killed] =
      await sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ai-drop-worker') t`;
    expect(killed.n).toBe(1);
    release();
    expect(await running).toBe(1);
    await own.end({ timeout: 1 });
    const analyses = await analysesOf(up.fileId);
    expect(analyses).toHaveLength(1);
    expect(analyses[0].recommended_item_id).toBe(items.customers);
    expect((await fileState(up.fileId)).ai_status).toBe('review');
    expect(await jobsOf(up.fileId)).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('the embedded worker is woken by NOTIFY, not by polling', async () => {
    const r = await room('ai-notify');
    const items = await dueDiligenceItems(r);
    const worker = startAiWorker(deps(r), { concurrency: 2 });
    try {
      await worker.idle();
      const up = await uploadText(r, r.owner, 'Office lease London.txt', 'Lease agreement for office premises.');
      const deadline = Date.now() + 10_000;
      while ((await fileState(up.fileId)).ai_status !== 'review' && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 50));
      expect((await fileState(up.fileId)).ai_status).toBe('review');
      expect((await analysesOf(up.fileId))[0].recommended_item_id).toBe(items.leases);
    } finally {
      await worker.stop();
    }
  });
});

describe('the OpenAI-compatible provider against a local chat-completions server', () => {
  let answer: (body: any) => { status: number; body: unknown } | 'hang';
  const requests: any[] = [];
  const provider = useStandIn((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      requests.push({ path: req.url, auth: req.headers.authorization, body });
      const out = answer(body);
      if (out === 'hang') return; // never answers
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
    });
  });
  const baseURL = () => `${provider.origin}/v1`;

  const completion = (content: string) => ({
    status: 200,
    body: {
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'test-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    },
  });
  const checklist = [
    {
      item_id: '11111111-1111-4111-8111-111111111111',
      item_code: '1.1',
      name: 'Audited financial statements',
      description: null,
      category: 'Financial',
      requirements: null,
      catalog_title: null,
      catalog_description: null,
    },
    {
      item_id: '22222222-2222-4222-8222-222222222222',
      item_code: '1.2',
      name: 'Office leases',
      description: null,
      category: 'Real estate',
      requirements: null,
      catalog_title: null,
      catalog_description: null,
    },
  ];
  const input = { fileName: 'Lease - 1 King Street.pdf', text: 'Lease of office premises', checklist };

  it("sends the checklist as structured JSON and takes a valid answer as the provider's", async () => {
    answer = () =>
      completion(
        JSON.stringify({
          candidates: [{ item_id: checklist[1].item_id, confidence: 91.4, reasoning: 'The name says "Lease"' }],
          reasoning: 'The name says "Lease" and the text "office premises"',
          tags: ['lease'],
        }),
      );
    const ai = openAiProvider({ apiKey: 'sk-test', baseURL: baseURL(), model: 'test-model', timeoutMs: 2000 });
    const out = await ai.classify(input);
    expect(out.provider).toBe('openai');
    expect(out.fallbackReason).toBeUndefined();
    expect(out.result.candidates).toEqual([
      { item_id: checklist[1].item_id, confidence: 91, reasoning: 'The name says "Lease"' },
    ]);
    const sent = requests.at(-1);
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    expect(sent.body.messages.at(-1).content).toContain(checklist[1].item_id);
  });

  for (const [label, respond] of [
    ['garbage', () => completion('this is not JSON at all')],
    ['a wrong shape', () => completion(JSON.stringify({ candidates: [{ item: 'x' }] }))],
    [
      'an item that is not on the checklist',
      () =>
        completion(
          JSON.stringify({
            candidates: [{ item_id: '33333333-3333-4333-8333-333333333333', confidence: 99, reasoning: 'x' }],
            reasoning: 'x',
          }),
        ),
    ],
    ['a 500', () => ({ status: 500, body: { error: { message: 'boom' } } })],
    ['a hang past the timeout', () => 'hang' as const],
  ] as const) {
    it(`falls back to the built-in classifier on ${label}, and says which answered`, async () => {
      answer = respond as typeof answer;
      const ai = openAiProvider({ apiKey: 'sk-test', baseURL: baseURL(), model: 'test-model', timeoutMs: 500 });
      const out = await ai.classify(input);
      expect(out.provider).toBe('builtin');
      expect(out.fallbackReason).toBeTruthy();
      expect(out.result.candidates[0].item_id).toBe(checklist[1].item_id);
    });
  }

  it('a job run through a failing provider is recorded as answered by the built-in one', async () => {
    answer = () => ({ status: 500, body: { error: { message: 'down' } } });
    const r = await room('ai-openai');
    const items = await dueDiligenceItems(r);
    const up = await uploadText(r, r.owner, 'NDA with Globex.txt', 'Confidentiality undertaking.');
    await drainAiJobs(deps(r, { ai: openAiProvider({ apiKey: 'sk-test', baseURL: baseURL(), model: 'm', timeoutMs: 500 }) }));
    const [analysis] = await analysesOf(up.fileId);
    expect(analysis).toMatchObject({ provider: 'builtin', recommended_item_id: items.nda, status: 'review' });
  });
});

describe('live AI status through GET /deals/{id}/events', () => {
  it('tells a member about files they may see, and nothing of the others', async () => {
    const r = await room('ai-live');
    await dueDiligenceItems(r);
    const uploadOnly = await setMember(r, 'upload_only', 'ai-live-uo');
    await withStreams(r.base, { owner: r.owner, uploadOnly }, async ({ owner: ownerStream, uploadOnly: uoStream }) => {
      const hidden = await uploadText(r, r.owner, 'Secret cap table.txt', 'cap table');
      const mine = await uploadText(r, uploadOnly, 'Office lease.txt', 'lease of premises');
      await drainAiJobs(deps(r));
      const reached = (s: typeof ownerStream, fileId: string) => () =>
        s.seen.some((e) => e.data.file_id === fileId && e.data.ai_status === 'review');
      expect(await ownerStream.until(reached(ownerStream, hidden.fileId))).toBe(true);
      expect(await ownerStream.until(reached(ownerStream, mine.fileId))).toBe(true);
      expect(await uoStream.until(reached(uoStream, mine.fileId))).toBe(true);
      const statuses = ownerStream.seen.filter((e) => e.data.file_id === hidden.fileId).map((e) => e.data.ai_status);
      expect(statuses).toEqual(expect.arrayContaining(['queued', 'processing', 'review']));
      // Give a stray event time to arrive before saying it never did.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(JSON.stringify(uoStream.seen)).not.toContain(hidden.fileId);
    });
  });

  it('tells a member when a file they may see is renamed, and nothing of the others (decision 32)', async () => {
    const r = await room('ai-live-file');
    const uploadOnly = await setMember(r, 'upload_only', 'ai-live-file-uo');
    const hidden = await uploadText(r, r.owner, 'Secret cap table.txt', 'cap table');
    const mine = await uploadText(r, uploadOnly, 'Office lease.txt', 'lease');
    await withStreams(r.base, { owner: r.owner, uploadOnly }, async ({ owner: ownerStream, uploadOnly: uoStream }) => {
      for (const [fileId, name] of [
        [hidden.fileId, 'Cap table (final).txt'],
        [mine.fileId, 'Office lease (signed).txt'],
      ]) {
        const res = await requestJson(`${r.base}/files/${fileId}`, r.owner.token, JSON.stringify({ name }), {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(200);
      }
      const renamed = (s: typeof ownerStream, fileId: string) => () =>
        s.seen.some((e) => e.event === 'file' && e.data.file_id === fileId);
      expect(await ownerStream.until(renamed(ownerStream, hidden.fileId))).toBe(true);
      expect(await ownerStream.until(renamed(ownerStream, mine.fileId))).toBe(true);
      expect(await uoStream.until(renamed(uoStream, mine.fileId))).toBe(true);
      expect(ownerStream.seen.find((e) => e.event === 'file')?.data).toEqual({
        deal_id: r.deal.id,
        file_id: hidden.fileId,
        type: 'file',
      });
      // The owner's stream saw both renames, which were committed in that order: the hidden one's event
      // would have reached the upload_only stream before its own file's.
      expect(JSON.stringify(uoStream.seen)).not.toContain(hidden.fileId);
    });
  });

  it("a stranger cannot open a deal's stream, nor can anyone without a token", async () => {
    const r = await room('ai-live-x');
    const stranger = await registerUser('ai-live-stranger');
    const res = await app.request(`${r.base}/events`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBeTruthy();
    const anon = await app.request(`${r.base}/events`);
    expect(anon.status).toBe(401);
  });
});

describe('text extraction stays within its caps and says why it fell back to the name', () => {
  it('reads only the beginning of a large text file', async () => {
    const big = new TextEncoder().encode('lease of the premises '.repeat(150_000)); // 3.3 MB
    const head = big.slice(0, EXTRACT_LIMITS.maxTextBytes);
    const out = await extractText('notes.txt', 'text/plain', head, big.length);
    expect(out.extraction).toBe('truncated');
    expect(out.text.length).toBeLessThanOrEqual(EXTRACT_LIMITS.maxChars);
    expect(out.note).toMatch(/beginning/);
  });

  it('does not open a document larger than it may read, and names the reason', async () => {
    const doc = pdf('Audited financial statements');
    const out = await extractText('Accounts.pdf', 'application/pdf', doc, 5 * 1024 ** 3);
    expect(out).toMatchObject({ extraction: 'name_only', text: '' });
    expect(out.note).toMatch(/larger than 48 MB/);
  });

  it('recognises password-protected PDF and Office files', async () => {
    const plain = new TextDecoder('latin1').decode(pdf('Secret'));
    // A standard security handler whose user password is not empty: pdf.js needs a password.
    const encrypted = plain.replace(
      'trailer\n<< /Size 6 /Root 1 0 R >>',
      `trailer\n<< /Size 6 /Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >> /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>`,
    );
    expect(encrypted).not.toBe(plain);
    const bytes = Uint8Array.from(encrypted, (c) => c.charCodeAt(0) & 0xff);
    const out = await extractText('Board pack.pdf', 'application/pdf', bytes, bytes.length);
    expect(out.extraction).toBe('name_only');
    expect(out.note).toMatch(/password-protected/);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    const office = await extractText('Cap table.xlsx', '', ole, ole.length);
    expect(office.note).toMatch(/password-protected/);
  });

  it("reads a PDF and leaves the engine's own push and JSON in place of pdf.js's core-js ones", async () => {
    const doc = pdf('Share purchase agreement');
    expect((await extractText('SPA.pdf', 'application/pdf', doc, doc.length)).text).toContain('Share purchase agreement');
    // core-js dresses its own up as native code: compare with what stood before any PDF was read.
    expect(Array.prototype.push).toBe(ENGINE_BUILT_INS.push);
    expect(JSON.stringify).toBe(ENGINE_BUILT_INS.stringify);
    expect(JSON.parse).toBe(ENGINE_BUILT_INS.parse);
  });

  it('reads a Word document and a workbook', async () => {
    const word = docx('Lease of the office premises. The tenant pays rent.');
    expect((await extractText('Lease.docx', '', word, word.length)).text).toContain('tenant pays rent');
    const book = await xlsx('holder,shares\nJane Smith,2000000');
    const sheet = await extractText('Cap table.xlsx', '', book, book.length);
    expect(sheet.text).toContain('Jane Smith');
    expect(sheet.text).toContain('2000000');
  });
});
