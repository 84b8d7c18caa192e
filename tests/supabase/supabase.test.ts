/**
 * The API as the Supabase edge function `api`, served by Deno in Supabase mode (GoTrue for accounts,
 * Storage for files) against the embedded Postgres with the Supabase-shaped bootstrap, and local
 * stand-ins for GoTrue and Storage (tests/supabase/standins.ts). Proves the adapters speak the
 * protocols end to end: sign-up, sign-in, refresh, magic link, deal creation, the single-request and
 * the resumable (tus) upload, download and invitation; and that what the real servers refuse is
 * refused (expired and reused upload tokens, another person's grant, an outage of GoTrue).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import postgres from 'postgres';
import { Upload } from 'tus-js-client';
import { startStandIns, type StandIns } from './standins.ts';
import { SEND_WITH_CREATION_MAX_BYTES } from '../../supabase/functions/_shared/contracts/dataroom.ts';

const root = join(import.meta.dirname, '..', '..');
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through npm test -- supabase');

const sql = postgres(databaseUrl, { max: 3, onnotice: () => {} });
const scratch = mkdtempSync(join(tmpdir(), 'dataroom-supabase-'));
let standIns: StandIns;
let api: ChildProcess;
let aiWorker: ChildProcess;
let base = '';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function call<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Creates a deal with a blank checklist, as `token`'s holder; the answer as it came. */
const createDeal = (name: string, token: string) => call('POST', '/deals', { name, checklist_preset: 'blank' }, token);

async function register(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@supabase.test`;
  const res = await call('POST', '/auth/register', { email, password: 'supabase-password' });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return {
    email,
    token: res.body.access_token as string,
    refresh: res.body.refresh_token as string,
    id: res.body.user.id as string,
  };
}

async function download(dealId: string, fileId: string, token: string): Promise<Buffer> {
  const link = await call('GET', `/deals/${dealId}/files/${fileId}/download-url`, undefined, token);
  assert.equal(link.status, 200, JSON.stringify(link.body));
  const res = await fetch(link.body.download_url);
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

/** Uploads a PDF at the root in one request (multipart), the API streaming it into Storage. */
function directUpload(dealId: string, bytes: Uint8Array<ArrayBuffer>, name: string, token: string) {
  const form = new FormData();
  form.append('path', '/');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  return fetch(`${base}/deals/${dealId}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Completes an upload whose bytes were sent: the API checks them in Storage and records the file. */
const complete = (dealId: string, fileId: string, size: number, token: string) =>
  call('POST', `/deals/${dealId}/files/${fileId}/upload-complete`, { file_size: size }, token);

/** Sends bytes through the resumable target with tus-js-client, as the web app does. */
function sendResumable(resumable: any, bytes: Buffer, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(bytes, {
      endpoint: resumable.endpoint,
      headers: resumable.headers,
      metadata: resumable.metadata,
      chunkSize: resumable.chunk_size,
      uploadDataDuringCreation: bytes.length <= SEND_WITH_CREATION_MAX_BYTES,
      retryDelays: [],
      onBeforeRequest(req) {
        if (resumable.with_access_token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

/** Serves an edge function under Deno, behind the gateway stand-in, as `supabase functions serve` does. */
async function serveFunction(name: string, env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(
    join(root, 'node_modules/.bin/deno'),
    [
      'run',
      '--allow-all',
      '--config',
      join(root, 'supabase/functions/deno.json'),
      join(root, `supabase/functions/${name}/index.ts`),
    ],
    {
      env: {
        ...process.env,
        NO_COLOR: '1',
        PORT: String(port),
        SUPABASE_DB_URL: databaseUrl!,
        SUPABASE_URL: standIns.url,
        SUPABASE_ANON_KEY: standIns.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: standIns.serviceKey,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/functions/v1/${name}/health`)).ok) {
        standIns.functions.set(name, origin);
        return child;
      }
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the ${name} function never answered /health`);
}

const AI_WORKER_SECRET = randomBytes(24).toString('hex');

before(async () => {
  standIns = await startStandIns(sql, scratch);
  // Both through the gateway, whose JWT check config.toml sets per function.
  [api, aiWorker] = await Promise.all([
    serveFunction('api', { PUBLIC_URL: 'http://localhost:5173' }),
    serveFunction('ai-worker', { AI_WORKER_SECRET, AI_WORKER_BUDGET_MS: '2000' }),
  ]);
  base = `${standIns.url}/functions/v1/api`;
});

after(async () => {
  api?.kill('SIGTERM');
  aiWorker?.kill('SIGTERM');
  await standIns?.stop();
  await sql.end();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the api function on Supabase (GoTrue and Storage stand-ins)', () => {
  it('signs up, signs in and refreshes through GoTrue; its ES256 tokens open the API; a reused refresh token is refused', async () => {
    const person = await register('owner');
    const profile = await call('GET', '/user/profile', undefined, person.token);
    assert.equal(profile.status, 200);
    assert.equal(profile.body.email, person.email);
    const [user] = await sql`select aud, role, confirmation_token, created_at from auth.users where id = ${person.id}`;
    assert.deepEqual([user.aud, user.role, user.confirmation_token], ['authenticated', 'authenticated', '']);

    const login = await call('POST', '/auth/login', { email: person.email.toUpperCase(), password: 'supabase-password' });
    assert.equal(login.status, 200, 'GoTrue finds the address whatever its case');
    const wrong = await call('POST', '/auth/login', { email: person.email, password: 'not-the-password' });
    assert.equal(wrong.status, 401);

    const renewed = await call('POST', '/auth/refresh', { refresh_token: login.body.refresh_token });
    assert.equal(renewed.status, 200);
    assert.equal((await call('GET', '/user/profile', undefined, renewed.body.access_token)).status, 200);
    const reused = await call('POST', '/auth/refresh', { refresh_token: login.body.refresh_token });
    assert.equal(reused.status, 401);

    const forged = `${person.token.slice(0, -4)}AAAA`;
    assert.equal((await call('GET', '/user/profile', undefined, forged)).status, 401);

    // Signing out ends the session in GoTrue: its tokens open nothing from then on.
    const out = await call('POST', '/auth/logout', { scope: 'local' }, renewed.body.access_token);
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.equal((await call('GET', '/user/profile', undefined, renewed.body.access_token)).status, 401);
    assert.equal((await call('GET', '/user/profile', undefined, person.token)).status, 200, 'the other session goes on');
  });

  it('signs in by magic link: GoTrue mails it, the API verifies it once', async () => {
    const person = await register('linked');
    const asked = await call('POST', '/auth/magic-link', { email: person.email });
    assert.equal(asked.status, 200);
    const [token] = standIns.mailbox.get(person.email) ?? [];
    assert.ok(token, 'GoTrue received the request for a link');
    const verified = await call('POST', '/auth/magic-link/verify', { token });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.user.email, person.email);
    assert.equal((await call('POST', '/auth/magic-link/verify', { token })).status, 400, 'a link works once');
  });

  it('with "Confirm email" on, sign-up signs no one in until the mailed link is opened; a taken address answers the same', async () => {
    standIns.confirmations = true;
    try {
      const email = `confirm-${randomUUID().slice(0, 8)}@example.com`;
      const first = await call('POST', '/auth/register', { email, password: 'supabase-password' });
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.equal(first.body.confirmation_sent, true);
      assert.equal(first.body.access_token, undefined);
      const again = await call('POST', '/auth/register', { email, password: 'another-password' });
      assert.deepEqual([again.status, again.body], [first.status, first.body], 'a taken address gets the same answer');
      const early = await call('POST', '/auth/login', { email, password: 'supabase-password' });
      assert.equal(early.status, 401, 'no sign-in before the address is confirmed');
      assert.equal(early.body.detail, 'Confirm your email address first: open the link we sent you.');
      const wrong = await call('POST', '/auth/login', { email, password: 'not-the-password' });
      assert.equal(wrong.body.detail, 'Invalid email or password', 'a wrong password learns nothing more');

      const [token] = standIns.mailbox.get(email) ?? [];
      assert.ok(token, 'GoTrue mailed a confirmation link');
      // Opened by its registrant, who types the password chosen at registration (docs/decisions.md decision 30).
      const confirmed = await call('POST', '/auth/magic-link/verify', { token, password: 'supabase-password' });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      assert.equal(confirmed.body.user.email, email);
      assert.equal(confirmed.body.password_cleared, undefined);
      assert.equal((await call('GET', '/user/profile', undefined, confirmed.body.access_token)).status, 200);
      assert.equal((await call('POST', '/auth/login', { email, password: 'supabase-password' })).status, 200);
    } finally {
      standIns.confirmations = false;
    }
  });

  it("a stranger's registration: GoTrue confirms the address for whoever opens the link, and the API clears the stranger's password", async () => {
    standIns.confirmations = true;
    try {
      const email = `taken-${randomUUID().slice(0, 8)}@example.com`;
      assert.equal((await call('POST', '/auth/register', { email, password: 'attacker-password' })).status, 202);
      const [token] = standIns.mailbox.get(email) ?? [];
      // The owner of the mailbox opens it without knowing that password.
      const opened = await call('POST', '/auth/magic-link/verify', { token });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      assert.equal(opened.body.password_cleared, true);
      assert.equal(opened.body.user.has_password, false);
      const stranger = await call('POST', '/auth/login', { email, password: 'attacker-password' });
      assert.equal(stranger.status, 401, "the stranger's password no longer signs in");
      assert.equal((await call('GET', '/user/profile', undefined, opened.body.access_token)).status, 200);
      const set = await call('PUT', '/user/password', { new_password: 'owner-password' }, opened.body.access_token);
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.equal((await call('POST', '/auth/login', { email, password: 'owner-password' })).status, 200);
    } finally {
      standIns.confirmations = false;
    }
  });

  it('creates a deal and uploads through the signed URL, reporting the lifetime Storage grants; the URL works once', async () => {
    const owner = await register('uploader');
    const deal = await createDeal('Supabase deal', owner.token);
    assert.equal(deal.status, 201);
    const start = await call(
      'POST',
      `/deals/${deal.body.id}/files/upload-url`,
      { filename: 'SPA.pdf', content_type: 'application/pdf' },
      owner.token,
    );
    assert.equal(start.status, 200, JSON.stringify(start.body));
    const seconds = (Date.parse(start.body.upload_url_expires_at) - Date.now()) / 1000;
    assert.ok(seconds > 50 && seconds <= 60, `the signed URL's expiry is Storage's 60 s, not an assumed one (${seconds} s)`);
    assert.ok(start.body.upload_url.startsWith(`${standIns.url}/storage/v1/object/upload/sign/deal-files/`));

    const bytes = randomBytes(300_000);
    const put = await fetch(start.body.upload_url, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    assert.equal(put.status, 200);
    const again = await fetch(start.body.upload_url, { method: 'PUT', body: randomBytes(10) });
    assert.ok(again.status >= 400 && again.status < 500, 'a signed upload URL is single use');
    const done = await complete(deal.body.id, start.body.file_id, bytes.length, owner.token);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.upload_state, 'ready');
    assert.equal(sha256(await download(deal.body.id, start.body.file_id, owner.token)), sha256(bytes));
  });

  it('streams a direct upload through the API into Storage with the service role, hashed on the way', async () => {
    const owner = await register('direct');
    const deal = await createDeal('Direct deal', owner.token);
    const bytes = randomBytes(250_000);
    const res = await directUpload(deal.body.id, bytes, 'Direct.pdf', owner.token);
    const answer = (await res.json()) as { file_id: string; detail?: string };
    assert.equal(res.status, 201, answer.detail);
    const [version] = await sql`select sha256, size_bytes from public.file_versions where file_id = ${answer.file_id}`;
    assert.deepEqual([version.sha256, Number(version.size_bytes)], [sha256(bytes), bytes.length]);
    assert.equal(sha256(await download(deal.body.id, answer.file_id, owner.token)), sha256(bytes));
  });

  it('refuses an expired signed upload URL and records nothing', async () => {
    const owner = await register('late');
    const deal = await createDeal('Late deal', owner.token);
    standIns.uploadTokenSeconds = -1;
    try {
      const start = await call('POST', `/deals/${deal.body.id}/files/upload-url`, { filename: 'late.pdf' }, owner.token);
      assert.ok(Date.parse(start.body.upload_url_expires_at) < Date.now(), 'the reported expiry is already past');
      const put = await fetch(start.body.upload_url, { method: 'PUT', body: randomBytes(100) });
      assert.equal(put.status, 400);
      const done = await complete(deal.body.id, start.body.file_id, 100, owner.token);
      assert.equal(done.status, 400);
      const listing = await call('GET', `/deals/${deal.body.id}/files`, undefined, owner.token);
      assert.deepEqual(listing.body.files, []);
    } finally {
      standIns.uploadTokenSeconds = 60;
    }
  });

  it('uploads resumably through Storage tus as the signed-in person; the policy refuses anyone else on that grant', async () => {
    const owner = await register('tus');
    const other = await register('tus-other');
    const deal = await createDeal('Resumable deal', owner.token);
    const start = await call(
      'POST',
      `/deals/${deal.body.id}/files/upload-url`,
      { filename: 'Model.xlsx', content_type: 'application/vnd.ms-excel' },
      owner.token,
    );
    const { resumable } = start.body;
    assert.equal(resumable.endpoint, `${standIns.url}/storage/v1/upload/resumable`);
    assert.equal(resumable.with_access_token, true);
    assert.equal(resumable.chunk_size, 6 * 1024 * 1024);
    assert.deepEqual(resumable.headers, { apikey: standIns.anonKey, 'x-upsert': 'false' });
    assert.equal(resumable.metadata.objectName, start.body.storage_path);

    const bytes = randomBytes(7 * 1024 * 1024 + 11);
    await assert.rejects(
      sendResumable(resumable, randomBytes(100), other.token),
      /403/,
      'another person cannot upload on this grant',
    );
    await sendResumable(resumable, bytes, owner.token);
    const done = await complete(deal.body.id, start.body.file_id, bytes.length, owner.token);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(sha256(await download(deal.body.id, start.body.file_id, owner.token)), sha256(bytes));
    await assert.rejects(
      sendResumable(resumable, randomBytes(100), owner.token),
      /409|403/,
      'a completed grant takes no second upload',
    );
  });

  it("joins from an invitation link through the admin API: confirmed at once, no mail; a stranger's registration is not kept", async () => {
    const owner = await register('join-owner');
    const deal = await createDeal('Join deal', owner.token);
    standIns.confirmations = true;
    try {
      /** An invitation to `email` and the token its mail would carry (mail goes to the tenant's relay, absent here). */
      const inviteTo = async (email: string) => {
        const invited = await call(
          'POST',
          `/deals/${deal.body.id}/invitations`,
          { email, permission_set_id: 'upload_view' },
          owner.token,
        );
        assert.equal(invited.status, 201, JSON.stringify(invited.body));
        const token = randomBytes(24).toString('base64url');
        await sql`update public.invitations set token_hash = ${sha256(Buffer.from(token))} where id = ${invited.body.id}`;
        return { id: invited.body.id as string, token };
      };

      // A new address: GoTrue's admin API creates the account confirmed, and mails nothing.
      const fresh = `join-new-${randomUUID().slice(0, 8)}@example.com`;
      const freshLink = await inviteTo(fresh);
      const wrong = await call('POST', '/auth/register', {
        email: fresh,
        password: 'invitee-password',
        invitation: { ...freshLink, token: 'w'.repeat(32) },
      });
      assert.equal(wrong.status, 400, JSON.stringify(wrong.body));
      assert.equal((await sql`select 1 from auth.users where email = ${fresh}`).length, 0, 'a wrong token creates nothing');
      const joined = await call('POST', '/auth/register', { email: fresh, password: 'invitee-password', invitation: freshLink });
      assert.equal(joined.status, 200, JSON.stringify(joined.body));
      assert.equal(joined.body.user.email_confirmed, true);
      assert.equal(standIns.mailbox.get(fresh), undefined, 'GoTrue mailed nothing');
      const accepted = await call(
        'POST',
        `/invitations/${freshLink.id}/accept`,
        { token: freshLink.token },
        joined.body.access_token,
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));

      // A stranger registered the address first (unconfirmed) and a factor sits on that account.
      const taken = `join-taken-${randomUUID().slice(0, 8)}@example.com`;
      assert.equal((await call('POST', '/auth/register', { email: taken, password: 'attacker-password' })).status, 202);
      const [stranger] = await sql<{ id: string }[]>`select id from auth.users where email = ${taken}`;
      await sql`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
                values (gen_random_uuid(), ${stranger.id}, 'Theirs', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`;
      const takenLink = await inviteTo(taken);
      const replaced = await call('POST', '/auth/register', {
        email: taken,
        password: 'invitee-password',
        invitation: takenLink,
      });
      assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
      assert.equal(replaced.body.user.id, stranger.id);
      assert.equal(replaced.body.user.email_confirmed, true);
      assert.equal(replaced.body.mfa_required, false);
      assert.equal((await sql`select 1 from auth.mfa_factors where user_id = ${stranger.id}`).length, 0, 'the factor is gone');
      assert.equal((await sql`select 1 from private.unproved_passwords where user_id = ${stranger.id}`).length, 0);
      assert.equal((standIns.mailbox.get(taken) ?? []).length, 1, "only the stranger's own confirmation was mailed");
      assert.equal((await call('POST', '/auth/login', { email: taken, password: 'attacker-password' })).status, 401);
      assert.equal((await call('POST', '/auth/login', { email: taken, password: 'invitee-password' })).status, 200);

      // Someone who registered before being invited signs in through the link: confirmed, password kept.
      const early = `join-early-${randomUUID().slice(0, 8)}@example.com`;
      assert.equal((await call('POST', '/auth/register', { email: early, password: 'early-password' })).status, 202);
      const earlyLink = await inviteTo(early);
      const signedIn = await call('POST', '/auth/login', { email: early, password: 'early-password', invitation: earlyLink });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.equal(signedIn.body.user.email_confirmed, true);
      assert.equal(signedIn.body.user.has_password, true);
      assert.equal((await call('GET', '/user/profile', undefined, signedIn.body.access_token)).status, 200);
    } finally {
      standIns.confirmations = false;
    }
  });

  it('invites a registered person, who accepts and sees the deal', async () => {
    const owner = await register('inviter');
    const invitee = await register('invitee');
    const deal = await createDeal('Invite deal', owner.token);
    const invited = await call(
      'POST',
      `/deals/${deal.body.id}/invitations`,
      { email: invitee.email, permission_set_id: 'upload_view' },
      owner.token,
    );
    assert.ok(invited.status === 200 || invited.status === 201, JSON.stringify(invited.body));
    assert.equal((await call('GET', `/deals/${deal.body.id}`, undefined, invitee.token)).status, 404, 'not before accepting');
    const accepted = await call('POST', `/invitations/${invited.body.id}/accept`, undefined, invitee.token);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await call('GET', `/deals/${deal.body.id}`, undefined, invitee.token)).status, 200);
  });

  it('the stand-ins refuse wrong keys, as the gateway, GoTrue and Storage do', async () => {
    const signIn = await fetch(`${standIns.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: 'not-the-key', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@supabase.test', password: 'whatever' }),
    });
    assert.equal(signIn.status, 401);
    const adminCall = await fetch(`${standIns.url}/auth/v1/admin/users/${randomUUID()}`, {
      method: 'PUT',
      headers: { apikey: standIns.anonKey, authorization: `Bearer ${standIns.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'new-password' }),
    });
    assert.equal(adminCall.status, 401, 'the admin API wants the service key');
    const sign = await fetch(`${standIns.url}/storage/v1/object/upload/sign/deal-files/deals/x/files/y/v1`, {
      method: 'POST',
      headers: { apikey: standIns.anonKey, authorization: `Bearer ${standIns.anonKey}` },
    });
    assert.equal(sign.status, 403, 'Storage signs upload URLs for the service role only');
  });

  it('answers 503 with a clear message while GoTrue is down, never a 500', async () => {
    const person = await register('outage');
    standIns.authDown = true;
    try {
      const login = await call('POST', '/auth/login', { email: person.email, password: 'supabase-password' });
      assert.equal(login.status, 503);
      assert.match(login.body.detail, /sign-in service/i);
    } finally {
      standIns.authDown = false;
    }
    assert.equal((await call('POST', '/auth/login', { email: person.email, password: 'supabase-password' })).status, 200);
  });
  it("runs on today's default privileges: nothing made in public is granted to the API roles unless its migration says so", async () => {
    await sql`create table public.supabase_test_ungranted (id int)`;
    try {
      const [row] = await sql<{ anon: boolean; authenticated: boolean; service: boolean }[]>`
        select has_table_privilege('anon', 'public.supabase_test_ungranted', 'select') as anon,
               has_table_privilege('authenticated', 'public.supabase_test_ungranted', 'select') as authenticated,
               has_table_privilege('service_role', 'public.supabase_test_ungranted', 'select') as service`;
      assert.deepEqual({ ...row }, { anon: false, authenticated: false, service: false });
    } finally {
      await sql`drop table public.supabase_test_ungranted`;
    }
    // Every flow above ran on the migrations' explicit grants only; the profile and deal list need them too.
    const person = await register('grants');
    assert.equal((await call('GET', '/user/profile', undefined, person.token)).status, 200);
    assert.equal((await call('GET', '/deals', undefined, person.token)).status, 200);
  });

  it("refuses a direct delete from storage.objects, as Storage's own trigger does; Storage's API deletes", async () => {
    await assert.rejects(sql`delete from storage.objects where bucket_id = 'deal-files' and name = 'none'`, (err: any) => {
      assert.equal(err.code, '42501');
      assert.match(err.message, /^Direct deletion from storage tables is not allowed\. Use the Storage API instead\.$/);
      return true;
    });
    const key = `deals/${randomUUID()}/files/${randomUUID()}/v1`;
    const put = await fetch(`${standIns.url}/storage/v1/object/deal-files/${key}`, {
      method: 'POST',
      headers: { apikey: standIns.serviceKey, authorization: `Bearer ${standIns.serviceKey}` },
      body: randomBytes(10),
    });
    assert.equal(put.status, 200);
    const removed = await fetch(`${standIns.url}/storage/v1/object/deal-files`, {
      method: 'DELETE',
      headers: {
        apikey: standIns.serviceKey,
        authorization: `Bearer ${standIns.serviceKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefixes: [key] }),
    });
    assert.equal(removed.status, 200);
    assert.equal((await sql`select 1 from storage.objects where name = ${key}`).length, 0);
  });

  it('an account without an e-mail (anonymous, phone) reaches nothing but sign-out, and is told why', async () => {
    for (const signUp of [{}, { phone: `1555${Math.floor(Math.random() * 1e7)}`, password: 'phone-password' }]) {
      const res = await fetch(`${standIns.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: standIns.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(signUp),
      });
      assert.equal(res.status, 200);
      const { access_token: token } = (await res.json()) as { access_token: string };
      const created = await createDeal('No e-mail deal', token);
      assert.equal(created.status, 403, JSON.stringify(created.body));
      assert.equal(created.body.code, 'email_required');
      assert.match(created.body.detail, /no email address/);
      for (const path of ['/deals', '/user/profile', '/invitations']) {
        const read = await call('GET', path, undefined, token);
        assert.equal(read.status, 403, `${path}: ${JSON.stringify(read.body)}`);
        assert.equal(read.body.code, 'email_required');
      }
      const out = await call('POST', '/auth/logout', undefined, token);
      assert.ok(out.status < 300, `sign-out works: ${out.status} ${JSON.stringify(out.body)}`);
    }
  });

  it("reaches the ai-worker through the gateway with the webhook's secret; a wrong secret is refused and claims nothing", async () => {
    const worker = `${standIns.url}/functions/v1/ai-worker`;
    const owner = await register('ai-webhook');
    const [deal] = await sql<{ id: string }[]>`
      insert into public.deals (name, owner_id) values ('Webhook deal', ${owner.id}) returning id`;
    const [file] = await sql<{ id: string }[]>`
      insert into public.files (deal_id, name, upload_state, current_version, size_bytes, uploaded_by)
      values (${deal.id}, 'queued.pdf', 'pending', 0, 0, ${owner.id}) returning id`;
    await sql`insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
              values (${file.id}, ${deal.id}, 1, ${`deals/${deal.id}/files/${file.id}/v1`}, 10, ${'ab'.repeat(32)}, 'queued.pdf', ${owner.id})`;
    await sql`update public.files set upload_state = 'ready', current_version = 1, size_bytes = 10 where id = ${file.id}`;
    const [job] = await sql<{ id: string }[]>`select private.enqueue_ai_job(${file.id}) as id`;
    const jobState = () => sql`select status, attempts, worker, lease_until from public.ai_jobs where id = ${job.id}`;
    const before = await jobState();
    assert.equal(before[0].status, 'queued');

    for (const secret of ['wrong', `${AI_WORKER_SECRET}x`, AI_WORKER_SECRET.slice(0, -1)]) {
      const refused = await fetch(worker, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: '{}' });
      assert.equal(refused.status, 401);
      assert.equal(
        ((await refused.json()) as { detail: string }).detail,
        'Not allowed.',
        'refused by the function, not the gateway',
      );
    }
    assert.deepEqual(await jobState(), before, 'no job claimed');

    // Nothing to run: the right secret passes the gateway (verify_jwt off for ai-worker) and the function answers.
    await sql`update public.ai_jobs set status = 'cancelled', finished_at = now(), lease_until = null where status in ('queued', 'running')`;
    const accepted = await fetch(worker, {
      method: 'POST',
      headers: { authorization: `Bearer ${AI_WORKER_SECRET}` },
      body: '{}',
    });
    assert.equal(accepted.status, 200);
    assert.deepEqual(await accepted.json(), { status: 'done', ran: 0, exports: 0 });

    // Where verify_jwt is on (the default for a function config.toml does not name), the gateway
    // refuses a bearer that is no project JWT before the function runs, and lets a GoTrue token through.
    standIns.functions.set('unnamed-function', standIns.functions.get('ai-worker')!);
    const gateway = await fetch(`${standIns.url}/functions/v1/unnamed-function`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AI_WORKER_SECRET}` },
      body: '{}',
    });
    assert.equal(gateway.status, 401);
    assert.equal(((await gateway.json()) as { message: string }).message, 'Invalid JWT');
    const withJwt = await fetch(`${standIns.url}/functions/v1/unnamed-function`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: '{}',
    });
    assert.equal(withJwt.status, 401);
    assert.equal(((await withJwt.json()) as { detail: string }).detail, 'Not allowed.', 'past the gateway, the function refuses');
  });

  it('prepares a queued ZIP export (over 1 GiB or 1,000 files) in Storage when the ai-worker runs; its link serves the archive', async () => {
    const owner = await register('exporter');
    const deal = await createDeal('Export deal', owner.token);
    const bytes = randomBytes(120_000);
    const uploaded = await directUpload(deal.body.id, bytes, 'Accounts.pdf', owner.token);
    const { file_id: fileId } = (await uploaded.json()) as { file_id: string };
    // A job as the API records one past its threshold (the threshold itself: tests/api/export-job.test.ts).
    const [queued] = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: owner.id, role: 'authenticated' })}, true)`;
      await tx`set local role authenticated`;
      const entries = [{ file_id: fileId, version: 1, archive_path: 'Accounts.pdf', original_path: '/Accounts.pdf' }];
      return tx<
        { id: string }[]
      >`select private.create_export(${deal.body.id}, 'job', ${tx.json(entries)}, '[]', '[]', null, null) as id`;
    });
    const listed = async () => (await call('GET', `/deals/${deal.body.id}/exports`, undefined, owner.token)).body.items;
    assert.equal((await listed())[0].status, 'queued');

    const run = await fetch(`${standIns.url}/functions/v1/ai-worker`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AI_WORKER_SECRET}` },
      body: '{}',
    });
    assert.equal(run.status, 200);
    assert.equal(((await run.json()) as { exports: number }).exports, 1);
    const [ready] = await listed();
    assert.equal(ready.export_id, queued.id);
    assert.equal(ready.status, 'ready', JSON.stringify(ready));
    const zip = Buffer.from(await (await fetch(ready.download_url)).arrayBuffer());
    assert.equal(zip.subarray(0, 4).toString('latin1'), 'PK\x03\x04');
    assert.ok(zip.includes(bytes), "the file's bytes are in the archive, stored");
    assert.ok(zip.includes(Buffer.from('Accounts.pdf')));
  });

  it('health says whether queued AI jobs reach a worker: not here, where pg_net is absent', async () => {
    const health = await call('GET', '/health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: 'ok', database: 'up', ai_worker: false });
  });
});
