// Edge entry on Supabase's Deno runtime: the same API as the embedded server, with Supabase's adapters.
import postgres from 'postgres';
import { Hono } from 'hono';
import { createApi } from '../_shared/app.ts';
import { supabaseAuth } from '../_shared/adapters/supabase-auth.ts';
import { embeddedAuth } from '../_shared/adapters/embedded-auth.ts';
import { outboxMail, unsupportedMail } from '../_shared/adapters/mail.ts';
import { supabaseStorage } from '../_shared/adapters/supabase-storage.ts';
import { aiFromEnv } from '../_shared/ai/providers.ts';
import { listenDealEvents } from '../_shared/events.ts';
import { consoleLogger } from '../_shared/logger.ts';

const env = (name: string, fallback?: string): string => {
  const value = Deno.env.get(name) ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

// Transaction pooler: prepared statements off.
const sql = postgres(env('SUPABASE_DB_URL'), { prepare: false, max: 5, onnotice: () => {} });

// On a Supabase project GoTrue owns accounts. EMBEDDED_AUTH=true serves our own auth instead
// (used by the Deno smoke test against a plain Postgres).
const useEmbeddedAuth = Deno.env.get('EMBEDDED_AUTH') === 'true';
const mail = useEmbeddedAuth ? outboxMail(sql) : unsupportedMail();
// The legacy HS256 secret is optional on Supabase: new projects sign with asymmetric keys (JWKS).
const jwtSecret = Deno.env.get('JWT_SECRET') ?? Deno.env.get('SUPABASE_JWT_SECRET');
const auth = useEmbeddedAuth
  ? embeddedAuth({ sql, mail, jwtSecret: env('JWT_SECRET', jwtSecret), jwtExpirySeconds: 15 * 60 })
  : supabaseAuth({
      url: env('SUPABASE_URL'),
      anonKey: env('SUPABASE_ANON_KEY'),
      jwtSecret,
      serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    });

const blobs = supabaseStorage({
  url: env('SUPABASE_URL', 'http://localhost:54321'),
  serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY', ''),
  anonKey: env('SUPABASE_ANON_KEY', ''),
});

// Live events need LISTEN, which the transaction pooler cannot carry: with a direct (or session-mode)
// connection string in DB_LISTEN_URL the API serves GET /deals/{id}/events; without it that route
// answers 501 and the web app falls back to polling while files are being analysed. A web app built
// with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY needs neither: it joins Realtime's private
// channels (docs/decisions.md decision 32).
const listenUrl = Deno.env.get('DB_LISTEN_URL');
const events = listenUrl ? listenDealEvents(postgres(listenUrl, { max: 1, onnotice: () => {} }), consoleLogger()) : undefined;

const api = createApi({
  sql,
  auth,
  events,
  ai: aiFromEnv((name) => Deno.env.get(name)),
  mail,
  blobs,
  // The viewer's source URLs (decision 44): every instance must sign with the same secret.
  signingSecret: Deno.env.get('VIEWER_URL_SECRET') ?? jwtSecret ?? Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
  // Queued AI jobs reach the ai-worker function only through the webhook (migration 20261202090300).
  aiWorkerReachable: async () => (await sql<{ ok: boolean }[]>`select private.ai_worker_reachable() as ok`)[0]?.ok === true,
  // Queued ZIP exports are prepared by the ai-worker function too, called the way its webhook calls it
  // (private.ai_worker_call exists once pg_net is enabled and connect_ai_worker has run).
  wakeExportWorker: async () => {
    await sql`select private.ai_worker_call('export')`.catch((err) =>
      console.warn('a queued export waits for the next ai-worker call:', err instanceof Error ? err.message : err),
    );
  },
  config: {
    jwtExpirySeconds: 15 * 60,
    publicUrl: env('PUBLIC_URL', 'http://localhost:3000'),
    maxJsonBytes: 1024 * 1024,
    maxUploadBytes: Number(env('MAX_UPLOAD_BYTES', String(5 * 1024 ** 3))),
  },
});

// Supabase routes /functions/v1/api/* here with the path starting at /api.
const app = new Hono();
app.route('/api', api);
app.route('/functions/v1/api', api);

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000) }, app.fetch);
