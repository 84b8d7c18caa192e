// Edge entry on Supabase: the database webhook on public.ai_jobs (migration 20261125101000) calls this
// function when a job is queued; it claims and runs jobs exactly as the embedded worker does
// (docs/architecture.md "Background jobs"). The call must carry AI_WORKER_SECRET as a bearer token:
// the webhook sends no JWT, so the gateway's JWT check is off for this function (supabase/config.toml).
import { createHash, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';
import { supabaseStorage } from '../_shared/adapters/supabase-storage.ts';
import { aiFromEnv } from '../_shared/ai/providers.ts';
import { drainAiJobs } from '../_shared/ai/worker.ts';
import { unsupportedMail } from '../_shared/adapters/mail.ts';
import { drainExports } from '../_shared/jobs/exports.ts';

const env = (name: string, fallback?: string): string => {
  const value = Deno.env.get(name) ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const sql = postgres(env('SUPABASE_DB_URL'), { prepare: false, max: 3, onnotice: () => {} });
const blobs = supabaseStorage({
  url: env('SUPABASE_URL', 'http://localhost:54321'),
  serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY', ''),
  anonKey: env('SUPABASE_ANON_KEY', ''),
});
const ai = aiFromEnv((name) => Deno.env.get(name));
const secret = env('AI_WORKER_SECRET');
// The web app's origin, for a link Storage answers with a path (it answers with a whole URL).
const PUBLIC_URL = Deno.env.get('PUBLIC_URL') ?? env('SUPABASE_URL', 'http://localhost:54321');
const workerId = `edge-${crypto.randomUUID().slice(0, 8)}`;
// Edge invocations are short: stop claiming after this long; what is left waits for the next call or
// for the lease of an unfinished job to run out.
const BUDGET_MS = Number(Deno.env.get('AI_WORKER_BUDGET_MS') ?? 50_000);

const digest = (value: string) => createHash('sha256').update(value).digest();
const secretDigest = digest(secret);
/** Constant time whatever the given token's length: both sides are compared as SHA-256 digests. */
const isSecret = (token: string): boolean => timingSafeEqual(digest(token), secretDigest);

/** Drains, then waits for a job due before the deadline (a retry's backoff) and drains again. */
async function drainWithin(deadline: number): Promise<number> {
  let ran = 0;
  for (;;) {
    ran += await drainAiJobs(
      { sql, blobs, ai, workerId },
      { concurrency: Number(Deno.env.get('AI_CONCURRENCY') ?? 2), deadline },
    );
    const [row] = await sql<{ at: Date | null }[]>`select private.next_ai_job_at() as at`;
    const at = row?.at ? new Date(row.at).getTime() : undefined;
    if (at === undefined || at > deadline - 1_000) return ran;
    await new Promise((resolve) => setTimeout(resolve, Math.max(at - Date.now(), 0) + 50));
  }
}

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000) }, async (req) => {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/health')) return Response.json({ status: 'ok' });
  if (req.method !== 'POST') return Response.json({ detail: 'Use POST.' }, { status: 405 });
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  if (!token || !isSecret(token)) return Response.json({ detail: 'Not allowed.' }, { status: 401 });
  await req.body?.cancel();
  const deadline = Date.now() + BUDGET_MS;
  // Then queued ZIP exports (over 1 GiB or 1,000 files): written into Storage, listed in the app with
  // their link (no mail relay here: the link is not mailed).
  const work = drainWithin(deadline).then(async (ran) => {
    const exports = await drainExports({ sql, blobs, mail: unsupportedMail(), publicUrl: PUBLIC_URL }, deadline);
    return { ran, exports };
  });
  // Answer the webhook at once and keep working (Supabase's EdgeRuntime.waitUntil); elsewhere, finish first.
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime;
  if (runtime) {
    runtime.waitUntil(work.catch((err) => console.error('ai-worker failed', err)));
    return Response.json({ status: 'accepted' }, { status: 202 });
  }
  return Response.json({ status: 'done', ...(await work) });
});
