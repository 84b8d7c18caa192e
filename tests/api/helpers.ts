import postgres from 'postgres';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { diskBlobStore } from '../../server/blob-store.ts';
import { listenDealEvents } from '../../supabase/functions/_shared/events.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run the API tests through `npm test`.');

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const sql = postgres(databaseUrl, { max: 5, onnotice: () => {} });
const mail = outboxMail(sql, () => {});
export const auth = embeddedAuth({ sql, mail, jwtSecret: JWT_SECRET, jwtExpirySeconds: 3600 });
/** The embedded blob store on a throwaway folder; `storage.routes` answers the signed URLs. */
export const blobDir = mkdtempSync(join(tmpdir(), 'dataroom-api-blobs-'));
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const storage = diskBlobStore({ dir: blobDir, secret: 'test-storage-secret' });
/** Live deal events (GET /deals/{id}/events), fed by this process's LISTEN. */
export const events = listenDealEvents(sql, { info() {}, warn() {}, error() {} });
const apiDeps: Parameters<typeof createApi>[0] = {
  sql,
  events,
  auth,
  mail,
  blobs: storage.store,
  config: {
    jwtExpirySeconds: 3600,
    publicUrl: 'http://localhost:3000',
    maxJsonBytes: 64 * 1024,
    maxUploadBytes: MAX_UPLOAD_BYTES,
  },
};
export const app = createApi(apiDeps);
/** The same API with some of its ports replaced (another AI provider, say). */
export const appWith = (ports: Partial<Parameters<typeof createApi>[0]>) => createApi({ ...apiDeps, ...ports });

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the Hono app directly, as the embedded server would route /api/<path>. */
export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The claims of an access token (its payload, not verified). */
export const tokenClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * Registers through the API. The address counts as confirmed (as if the confirmation link mailed at
 * registration had been opened) unless `confirmed: false`; tests of confirmation itself open the link.
 */
export async function registerUser(
  label = 'user',
  password = 'secret123',
  opts: { confirmed?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(label);
  const res = await call('POST', '/auth/register', { body: { email, password } });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  // Confirmed as its registrant would (the password kept): the database marks a password confirmed any
  // other way as unproved (docs/decisions.md decision 30).
  if (opts.confirmed !== false) {
    await sql.begin(async (tx) => {
      await tx`select set_config('dataroom.registrant_proved', ${res.body.user.id}, true)`;
      await tx`update auth.users set email_confirmed_at = now() where id = ${res.body.user.id}`;
    });
  }
  return { id: res.body.user.id, email, token: res.body.access_token };
}

export async function createDeal(user: TestUser, name = 'Test deal', preset = 'default') {
  const res = await call('POST', '/deals', {
    token: user.token,
    body: { name, description: 'A deal', checklist_preset: preset },
  });
  if (res.status !== 201) throw new Error(`create deal failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Adds a member with a role through the privileged connection (invitations arrive with a later issue). */
export async function addMember(dealId: string, user: TestUser, role: 'admin' | 'contributor' | 'viewer') {
  await sql`insert into public.deal_members (deal_id, user_id, role) values (${dealId}, ${user.id}, ${role})`;
}

/** A new account (`registerUser(label)`) made a member of the deal with the role. */
export async function newMember(dealId: string, role: 'admin' | 'contributor' | 'viewer', label: string): Promise<TestUser> {
  const user = await registerUser(label);
  await addMember(dealId, user, role);
  return user;
}

/**
 * Runs `work` in a transaction as the person, as PostgREST runs their request (role authenticated,
 * their JWT claims), what pgTAP's `tests.as_user` does. On the shared connection unless a test has a
 * database of its own.
 */
export function asUser<T>(
  claims: { sub: string; aal?: string },
  work: (tx: postgres.TransactionSql) => Promise<T>,
  db: postgres.Sql = sql,
) {
  return db.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ ...claims, role: 'authenticated' })}, true)`;
    return work(tx);
  });
}
