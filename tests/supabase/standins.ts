/**
 * Local stand-ins for the parts of a Supabase project the API reaches over HTTP: GoTrue (sign-up,
 * password and refresh-token grants, magic links, the user, logout, the admin user calls (create,
 * update, factors), the JWKS) and Storage (signed upload and download URLs, the service role's object calls, and resumable
 * uploads over tus). Written from their documented request and response shapes, against the same
 * Postgres (auth.users, auth.sessions, storage.objects as GoTrue and Storage keep them), and strict
 * where the real servers are: wrong API keys, expired or reused upload tokens, tus offsets, and the
 * storage.objects policies checked as the signed-in person. Not a Supabase: enough to prove the
 * adapters speak the protocols (docs/decisions.md decision 24).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import type { Sql } from 'postgres';

export interface StandIns {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** Magic-link tokens GoTrue would have mailed, by address. */
  mailbox: Map<string, string[]>;
  /** Lifetime of Storage's signed upload tokens (UPLOAD_SIGNED_URL_EXPIRATION_TIME). */
  uploadTokenSeconds: number;
  /** While true, GoTrue answers 503, as during an outage. */
  authDown: boolean;
  /** GoTrue's "Confirm email" (a hosted project's default): sign-up signs no one in until the mailed link is opened. */
  confirmations: boolean;
  /**
   * Edge functions behind the gateway, by name: their origin. The gateway checks the bearer token as a
   * JWT of the project first, unless supabase/config.toml says `verify_jwt = false` for the function.
   */
  functions: Map<string, string>;
  stop(): Promise<void>;
}

const TUS_CHUNK = 6 * 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => Promise<void> | void;

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...headers,
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const bearer = (req: IncomingMessage) => /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];

export async function startStandIns(sql: Sql, dir: string): Promise<StandIns> {
  const anonKey = `anon-${randomBytes(12).toString('hex')}`;
  const serviceKey = `service-${randomBytes(12).toString('hex')}`;
  const storageSecret = randomBytes(32);
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const blobDir = join(dir, 'objects');
  const tusDir = join(dir, 'tus');
  mkdirSync(blobDir, { recursive: true });
  mkdirSync(tusDir, { recursive: true });
  let url = '';

  const state: StandIns = {
    url: '',
    anonKey,
    serviceKey,
    mailbox: new Map(),
    uploadTokenSeconds: 60,
    authDown: false,
    confirmations: false,
    functions: new Map(),
    stop: async () => {},
  };

  // ------------------------------------------------------------------ GoTrue
  type Account = { id: string; email: string | null; phone?: string | null; is_anonymous?: boolean };
  const accessToken = (user: Account, sessionId: string) =>
    new SignJWT({
      email: user.email ?? '',
      phone: user.phone ?? '',
      role: 'authenticated',
      aal: 'aal1',
      session_id: sessionId,
      is_anonymous: user.is_anonymous ?? false,
    })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setSubject(user.id)
      .setAudience('authenticated')
      .setIssuer(`${url}/auth/v1`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

  const userJson = (u: Account) => ({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email ?? '',
    phone: u.phone ?? '',
    is_anonymous: u.is_anonymous ?? false,
    factors: [],
  });

  /** A link GoTrue would mail to `address`: its token in the mailbox, the token's hash kept to verify. */
  const mailLink = (address: string) => {
    const token = randomBytes(16).toString('hex');
    state.mailbox.set(address, [...(state.mailbox.get(address) ?? []), token]);
    pendingLinks.set(createHash('sha256').update(token).digest('hex'), address);
  };

  const openSession = async (user: Account, parentToken?: string, sessionId: string = randomUUID()) => {
    if (!parentToken) {
      await sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${user.id}, now(), now(), 'aal1')`;
    }
    const refresh = randomBytes(9).toString('base64url');
    await sql`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
              values ('00000000-0000-0000-0000-000000000000', ${refresh}, ${user.id}, false, now(), now(), ${parentToken ?? null}, ${sessionId})`;
    return {
      access_token: await accessToken(user, sessionId),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: refresh,
      user: userJson(user),
    };
  };

  const callerOf = async (req: IncomingMessage) => {
    const token = bearer(req);
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, publicKey, { audience: 'authenticated' });
      return payload as { sub: string; email: string; session_id: string };
    } catch {
      return undefined;
    }
  };

  const auth: Record<string, Handler> = {
    'GET /.well-known/jwks.json': (_req, res) => send(res, 200, { keys: [jwk] }),
    'POST /signup': async (_req, res, _url, body) => {
      const { email, password, phone } = JSON.parse(body.toString() || '{}') as {
        email?: string;
        password?: string;
        phone?: string;
      };
      // Anonymous (no credentials: supabase-js signInAnonymously) and phone sign-ups, as GoTrue writes
      // them when the project enables them: no e-mail at all, signed in at once.
      if (!email && (!password || phone)) {
        const [user] = await sql<Account[]>`
          insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, phone_confirmed_at,
                                  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
          values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', null,
                  ${phone ?? null}, case when ${phone ?? null}::text is null then '' else extensions.crypt(${password ?? ''}, extensions.gen_salt('bf', 10)) end,
                  case when ${phone ?? null}::text is null then null else now() end,
                  ${phone ? '{"provider":"phone","providers":["phone"]}' : '{}'}, '{}', now(), now(), false, ${!phone})
          returning id, email, phone, is_anonymous`;
        return send(res, 200, await openSession(user));
      }
      if (!email || !password || password.length < 6)
        return send(res, 422, { code: 422, error_code: 'validation_failed', msg: 'Signup requires a valid password' });
      const address = email.trim().toLowerCase();
      const [taken] = await sql`select 1 from auth.users where email = ${address}`;
      // GoTrue with confirmations on answers a user and no session, and for a taken address an invented
      // one, so the answer tells no one whether the address has an account.
      if (taken && state.confirmations) return send(res, 200, userJson({ id: randomUUID(), email: address }));
      if (taken) return send(res, 422, { code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
      // As GoTrue writes a user: every column it sets, '' in the token columns; confirmed at once when
      // confirmations are off, else when the mailed link is opened.
      const [user] = await sql<{ id: string; email: string }[]>`
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
                                confirmation_token, recovery_token, email_change_token_new, email_change,
                                raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
        values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', ${address},
                extensions.crypt(${password}, extensions.gen_salt('bf', 10)),
                case when ${state.confirmations}::boolean then null else now() end,
                case when ${state.confirmations}::boolean then now() end,
                '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', now(), now(), false, false)
        returning id, email`;
      if (state.confirmations) {
        mailLink(address);
        return send(res, 200, userJson(user));
      }
      send(res, 200, await openSession(user));
    },
    'POST /token': async (_req, res, u, body) => {
      const grant = u.searchParams.get('grant_type');
      const input = JSON.parse(body.toString() || '{}') as { email?: string; password?: string; refresh_token?: string };
      if (grant === 'password') {
        const [user] = await sql<{ id: string; email: string; confirmed: boolean }[]>`
          select id, email, email_confirmed_at is not null as confirmed from auth.users
          where email = ${String(input.email ?? '').toLowerCase()}
            and encrypted_password = extensions.crypt(${String(input.password ?? '')}, encrypted_password)`;
        if (!user) return send(res, 400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
        if (!user.confirmed) return send(res, 400, { code: 400, error_code: 'email_not_confirmed', msg: 'Email not confirmed' });
        return send(res, 200, await openSession(user));
      }
      if (grant === 'refresh_token') {
        const [row] = await sql<{ revoked: boolean; user_id: string; session_id: string }[]>`
          select revoked, user_id, session_id from auth.refresh_tokens where token = ${String(input.refresh_token ?? '')}`;
        if (!row) return send(res, 400, { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' });
        if (row.revoked) return send(res, 400, { code: 400, error_code: 'refresh_token_already_used', msg: 'Already Used' });
        await sql`update auth.refresh_tokens set revoked = true, updated_at = now() where token = ${String(input.refresh_token)}`;
        const [user] = await sql<{ id: string; email: string }[]>`select id, email from auth.users where id = ${row.user_id}`;
        return send(res, 200, await openSession(user, String(input.refresh_token), row.session_id));
      }
      send(res, 400, { code: 400, error_code: 'unsupported_grant_type', msg: 'unsupported_grant_type' });
    },
    'POST /otp': async (_req, res, _url, body) => {
      const { email } = JSON.parse(body.toString() || '{}') as { email?: string };
      mailLink(String(email ?? '').toLowerCase());
      send(res, 200, {});
    },
    'POST /verify': async (_req, res, _url, body) => {
      const { token_hash: hash, type } = JSON.parse(body.toString() || '{}') as { token_hash?: string; type?: string };
      const address = pendingLinks.get(
        createHash('sha256')
          .update(String(hash ?? ''))
          .digest('hex'),
      );
      // 'email' is GoTrue's type for any e-mailed link; 'magiclink' and 'signup' are its older names.
      if (!['email', 'magiclink', 'signup'].includes(String(type)) || !address)
        return send(res, 403, { code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' });
      pendingLinks.delete(createHash('sha256').update(String(hash)).digest('hex'));
      // Opening the link proves the address.
      let [user] = await sql<{ id: string; email: string }[]>`
        update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where email = ${address} returning id, email`;
      if (!user) {
        [user] = await sql<{ id: string; email: string }[]>`
          insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, confirmation_token, recovery_token,
                                  email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
          values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', ${address}, now(),
                  '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', now(), now())
          returning id, email`;
      }
      send(res, 200, await openSession(user));
    },
    'GET /user': async (req, res) => {
      const caller = await callerOf(req);
      if (!caller) return send(res, 401, { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' });
      send(res, 200, userJson({ id: caller.sub, email: caller.email }));
    },
    'POST /logout': async (req, res, u) => {
      const caller = await callerOf(req);
      if (!caller) return send(res, 401, { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' });
      const scope = u.searchParams.get('scope') ?? 'global';
      if (scope === 'local') await sql`delete from auth.sessions where id = ${caller.session_id}`;
      else if (scope === 'others')
        await sql`delete from auth.sessions where user_id = ${caller.sub} and id <> ${caller.session_id}`;
      else await sql`delete from auth.sessions where user_id = ${caller.sub}`;
      send(res, 204);
    },
  };
  const pendingLinks = new Map<string, string>();

  const authAdmin = async (req: IncomingMessage, res: ServerResponse, path: string, body: Buffer) => {
    if (bearer(req) !== serviceKey)
      return send(res, 401, { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
    const input = JSON.parse(body.toString() || '{}') as { email?: string; password?: string; email_confirm?: boolean };
    // Creating a user (createUser): confirmed at once with email_confirm, and no mail either way.
    if (req.method === 'POST' && path === '/admin/users') {
      const address = String(input.email ?? '')
        .trim()
        .toLowerCase();
      const [taken] = await sql`select 1 from auth.users where email = ${address}`;
      if (taken)
        return send(res, 422, {
          code: 422,
          error_code: 'email_exists',
          msg: 'A user with this email address has already been registered',
        });
      const [user] = await sql<{ id: string; email: string }[]>`
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                confirmation_token, recovery_token, email_change_token_new, email_change,
                                raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
        values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', ${address},
                case when ${input.password ?? null}::text is null then ''
                     else extensions.crypt(${input.password ?? null}::text, extensions.gen_salt('bf', 10)) end,
                case when ${input.email_confirm === true}::boolean then now() end,
                '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', now(), now(), false, false)
        returning id, email`;
      return send(res, 200, userJson(user));
    }
    const m = /^\/admin\/users\/([0-9a-f-]{36})$/.exec(path);
    if (req.method === 'PUT' && m) {
      // Each attribute given is its own update, as GoTrue's handler saves them one after another.
      if (input.password !== undefined)
        await sql`update auth.users set encrypted_password = extensions.crypt(${String(input.password)}, extensions.gen_salt('bf', 10)),
                                        updated_at = now() where id = ${m[1]}`;
      if (input.email_confirm === true)
        await sql`update auth.users set email_confirmed_at = now(), updated_at = now() where id = ${m[1]}`;
      const [user] = await sql<{ id: string; email: string }[]>`select id, email from auth.users where id = ${m[1]}`;
      return user
        ? send(res, 200, userJson(user))
        : send(res, 404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });
    }
    const factors = /^\/admin\/users\/([0-9a-f-]{36})\/factors(?:\/([0-9a-f-]{36}))?$/.exec(path);
    if (req.method === 'GET' && factors && !factors[2]) {
      const rows = await sql`
        select id, friendly_name, factor_type, status, created_at, updated_at from auth.mfa_factors where user_id = ${factors[1]}`;
      return send(res, 200, rows);
    }
    if (req.method === 'DELETE' && factors?.[2]) {
      const [row] = await sql`delete from auth.mfa_factors where id = ${factors[2]} and user_id = ${factors[1]} returning id`;
      return row
        ? send(res, 200, row)
        : send(res, 404, { code: 404, error_code: 'mfa_factor_not_found', msg: 'Factor not found' });
    }
    send(res, 404, { code: 404, msg: 'Not found' });
  };

  // ------------------------------------------------------------------ Storage
  const signToken = (claims: object) => {
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const mac = createHmac('sha256', storageSecret).update(`${head}.${body}`).digest('base64url');
    return `${head}.${body}.${mac}`;
  };
  const readToken = (token: string | null): { url?: string; exp?: number } | 'invalid' | 'expired' => {
    const [head, body, mac] = String(token ?? '').split('.');
    if (!head || !body || !mac) return 'invalid';
    const expected = createHmac('sha256', storageSecret).update(`${head}.${body}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { url?: string; exp?: number };
    if ((claims.exp ?? 0) < Date.now() / 1000) return 'expired';
    return claims;
  };
  const storageError = (res: ServerResponse, status: number, error: string, message: string) =>
    send(res, status, { statusCode: String(status), error, message });
  const objectFile = (bucket: string, key: string) => join(blobDir, bucket, ...key.split('/'));
  const objectExists = async (bucket: string, key: string) =>
    (await sql`select 1 from storage.objects where bucket_id = ${bucket} and name = ${key}`).length > 0;
  const storeObject = async (
    bucket: string,
    key: string,
    bytes: Buffer,
    owner: string | null,
    type = 'application/octet-stream',
  ) => {
    const path = objectFile(bucket, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    await sql`insert into storage.objects (bucket_id, name, owner_id, metadata)
              values (${bucket}, ${key}, ${owner}, ${sql.json({ size: bytes.length, mimetype: type })})`;
  };
  /** What Storage asks before a resumable upload: may this person insert the object row? (RLS decides.) */
  const mayInsert = async (caller: { sub: string; email: string; session_id: string }, bucket: string, key: string) => {
    try {
      await sql.begin(async (tx) => {
        await tx`select set_config('request.jwt.claims', ${JSON.stringify({ ...caller, role: 'authenticated' })}, true)`;
        await tx`set local role authenticated`;
        await tx`insert into storage.objects (bucket_id, name, owner_id) values (${bucket}, ${key}, ${caller.sub})`;
        throw new Error('rollback');
      });
    } catch (err) {
      if ((err as Error).message === 'rollback') return true;
      if ((err as { code?: string }).code === '42501') return false;
      throw err;
    }
    return false;
  };
  const isService = (req: IncomingMessage) => bearer(req) === serviceKey;

  const tusUploads = new Map<string, { bucket: string; key: string; length: number; type: string; owner: string }>();

  const storage = async (req: IncomingMessage, res: ServerResponse, u: URL, path: string, body: Buffer) => {
    const objectPath = (prefix: string) => {
      const rest = decodeURIComponent(path.slice(prefix.length));
      const slash = rest.indexOf('/');
      return { bucket: rest.slice(0, slash), key: rest.slice(slash + 1) };
    };
    /** Storage's refusal of a signed URL's token (expired, or made for another object); null when it is good. */
    const tokenRefusal = (bucket: string, key: string): [string, string] | null => {
      const claims = readToken(u.searchParams.get('token'));
      if (claims === 'expired') return ['InvalidJWT', '"exp" claim timestamp check failed'];
      if (claims === 'invalid' || claims.url !== `${bucket}/${key}`) return ['InvalidSignature', 'The signature is invalid'];
      return null;
    };
    const method = req.method ?? 'GET';
    if (method === 'POST' && path.startsWith('/object/upload/sign/')) {
      if (!isService(req)) return storageError(res, 403, 'Unauthorized', 'new row violates row-level security policy');
      const { bucket, key } = objectPath('/object/upload/sign/');
      if (await objectExists(bucket, key)) return storageError(res, 409, 'Duplicate', 'The resource already exists');
      const token = signToken({ url: `${bucket}/${key}`, exp: Math.floor(Date.now() / 1000) + state.uploadTokenSeconds });
      return send(res, 200, { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
    }
    if (method === 'PUT' && path.startsWith('/object/upload/sign/')) {
      const { bucket, key } = objectPath('/object/upload/sign/');
      const refusal = tokenRefusal(bucket, key);
      if (refusal) return storageError(res, 400, ...refusal);
      if (await objectExists(bucket, key)) return storageError(res, 409, 'Duplicate', 'The resource already exists');
      await storeObject(bucket, key, body, null, req.headers['content-type']);
      return send(res, 200, { Key: `${bucket}/${key}` });
    }
    if (method === 'POST' && path.startsWith('/object/sign/')) {
      if (!isService(req)) return storageError(res, 403, 'Unauthorized', 'new row violates row-level security policy');
      const { bucket, key } = objectPath('/object/sign/');
      if (!(await objectExists(bucket, key))) return storageError(res, 404, 'not_found', 'Object not found');
      const { expiresIn } = JSON.parse(body.toString() || '{}') as { expiresIn?: number };
      const token = signToken({ url: `${bucket}/${key}`, exp: Math.floor(Date.now() / 1000) + Number(expiresIn ?? 60) });
      return send(res, 200, { signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
    }
    if (method === 'GET' && path.startsWith('/object/sign/')) {
      const { bucket, key } = objectPath('/object/sign/');
      const refusal = tokenRefusal(bucket, key);
      if (refusal) return storageError(res, 400, ...refusal);
      if (!existsSync(objectFile(bucket, key))) return storageError(res, 404, 'not_found', 'Object not found');
      const name = u.searchParams.get('download');
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(name ? { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` } : {}),
      });
      return res.end(readFileSync(objectFile(bucket, key)));
    }
    if (method === 'GET' && path.startsWith('/object/authenticated/')) {
      if (!isService(req)) return storageError(res, 400, 'not_found', 'Object not found');
      const { bucket, key } = objectPath('/object/authenticated/');
      if (!existsSync(objectFile(bucket, key))) return storageError(res, 400, 'not_found', 'Object not found');
      let bytes = readFileSync(objectFile(bucket, key));
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range) bytes = bytes.subarray(Number(range[1]), Number(range[2]) + 1);
      res.writeHead(range ? 206 : 200, { 'content-type': 'application/octet-stream' });
      return res.end(bytes);
    }
    if (method === 'DELETE' && /^\/object\/[^/]+$/.test(path)) {
      if (!isService(req)) return storageError(res, 403, 'Unauthorized', 'new row violates row-level security policy');
      const bucket = path.slice('/object/'.length);
      const { prefixes } = JSON.parse(body.toString() || '{}') as { prefixes?: string[] };
      for (const key of prefixes ?? []) {
        rmSync(objectFile(bucket, key), { force: true });
        // As the Storage server deletes: storage.protect_delete refuses any delete without this setting.
        await sql.begin(async (tx) => {
          await tx`select set_config('storage.allow_delete_query', 'true', true)`;
          await tx`delete from storage.objects where bucket_id = ${bucket} and name = ${key}`;
        });
      }
      return send(res, 200, []);
    }
    if (method === 'POST' && path.startsWith('/object/')) {
      if (!isService(req)) return storageError(res, 403, 'Unauthorized', 'new row violates row-level security policy');
      const { bucket, key } = objectPath('/object/');
      if (await objectExists(bucket, key)) return storageError(res, 409, 'Duplicate', 'The resource already exists');
      await storeObject(bucket, key, body, null, req.headers['content-type']);
      return send(res, 200, { Key: `${bucket}/${key}` });
    }
    // tus 1.0, as Storage serves it: creation by the signed-in person (their JWT, the policies decide),
    // HEAD without authorisation, PATCH at the exact offset, chunks of at most 6 MiB, the first of which may
    // come with the creation (creation-with-upload).
    if (path === '/upload/resumable' || path.startsWith('/upload/resumable/')) {
      const tus = { 'Tus-Resumable': '1.0.0' };
      /** Appends a chunk at `offset` (the upload's exact end), storing the object once complete: the new offset, or a refusal. */
      const appendChunk = async (id: string, offset: number, chunk: Buffer): Promise<number | [number, string]> => {
        const upload = tusUploads.get(id)!;
        const file = join(tusDir, id);
        if (offset !== statSync(file).size) return [409, 'Upload-Offset conflict'];
        if (chunk.length > TUS_CHUNK) return [413, 'Chunks must be at most 6 MiB'];
        if (offset + chunk.length > upload.length) return [413, 'Maximum size exceeded'];
        appendFileSync(file, chunk);
        const next = offset + chunk.length;
        if (next === upload.length) {
          await storeObject(upload.bucket, upload.key, readFileSync(file), upload.owner, upload.type);
          rmSync(file, { force: true });
        }
        return next;
      };
      if (method === 'HEAD') {
        const upload = tusUploads.get(path.split('/').pop() ?? '');
        if (!upload) return send(res, 404, undefined, tus);
        const size = existsSync(join(tusDir, path.split('/').pop()!)) ? statSync(join(tusDir, path.split('/').pop()!)).size : 0;
        return send(res, 200, undefined, {
          ...tus,
          'Upload-Offset': String(size),
          'Upload-Length': String(upload.length),
          'Cache-Control': 'no-store',
        });
      }
      const caller = await callerOf(req);
      if (!caller) return send(res, 401, 'invalid JWT', tus);
      if (method === 'POST') {
        const meta = Object.fromEntries(
          String(req.headers['upload-metadata'] ?? '')
            .split(',')
            .filter(Boolean)
            .map((pair) => {
              const [k, v] = pair.trim().split(' ');
              return [k, Buffer.from(v ?? '', 'base64').toString()];
            }),
        );
        const bucket = meta.bucketName;
        const key = meta.objectName;
        if (!bucket || !key) return send(res, 400, 'Upload-Metadata needs bucketName and objectName', tus);
        if (req.headers['x-upsert'] !== 'false' && req.headers['x-upsert'] !== undefined)
          return send(res, 400, 'x-upsert must be false here', tus);
        if (await objectExists(bucket, key)) return send(res, 409, 'The resource already exists', tus);
        if (!(await mayInsert(caller, bucket, key))) return send(res, 403, 'new row violates row-level security policy', tus);
        const id = Buffer.from(`${bucket}/${key}/${randomUUID()}`).toString('base64url');
        tusUploads.set(id, {
          bucket,
          key,
          length: Number(req.headers['upload-length']),
          type: meta.contentType ?? '',
          owner: caller.sub,
        });
        const location = { ...tus, Location: `${url}/storage/v1/upload/resumable/${id}` };
        writeFileSync(join(tusDir, id), new Uint8Array(0));
        if (req.headers['content-type'] !== 'application/offset+octet-stream') return send(res, 201, undefined, location);
        // creation-with-upload: the first chunk comes with the creation (tus-js-client's uploadDataDuringCreation).
        const stored = await appendChunk(id, 0, body);
        if (typeof stored !== 'number') return send(res, stored[0], stored[1], tus);
        return send(res, 201, undefined, { ...location, 'Upload-Offset': String(stored) });
      }
      if (method === 'PATCH') {
        const id = path.split('/').pop() ?? '';
        const upload = tusUploads.get(id);
        if (!upload) return send(res, 404, 'Upload not found', tus);
        if (upload.owner !== caller.sub || !(await mayInsert(caller, upload.bucket, upload.key)))
          return send(res, 403, 'new row violates row-level security policy', tus);
        const stored = await appendChunk(id, Number(req.headers['upload-offset']), body);
        if (typeof stored !== 'number') return send(res, stored[0], stored[1], tus);
        return send(res, 204, undefined, { ...tus, 'Upload-Offset': String(stored) });
      }
      return send(res, 405, 'Method not allowed', tus);
    }
    storageError(res, 404, 'not_found', `No stand-in for ${method} ${path}`);
  };

  // ------------------------------------------------------------------ edge functions
  // As the functions' gateway does: `verify_jwt` (on unless config.toml turns it off for the function)
  // wants a JWT signed by the project before the function runs; then the request passes unchanged.
  const config = readFileSync(join(import.meta.dirname, '..', '..', 'supabase', 'config.toml'), 'utf8');
  const verifiesJwt = (name: string) => {
    let section = '';
    for (const line of config.split('\n').map((l) => l.trim())) {
      if (line.startsWith('[')) section = line;
      else if (section === `[functions.${name}]` && /^verify_jwt\s*=\s*false$/.test(line)) return false;
    }
    return true;
  };
  const edgeFunction = async (req: IncomingMessage, res: ServerResponse, u: URL, body: Buffer) => {
    const name = u.pathname.split('/')[3] ?? '';
    const origin = state.functions.get(name);
    if (!origin) return send(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (verifiesJwt(name)) {
      const token = bearer(req);
      if (!token) return send(res, 401, { code: 401, message: 'Missing authorization header' });
      try {
        await jwtVerify(token, publicKey);
      } catch {
        return send(res, 401, { code: 401, message: 'Invalid JWT' });
      }
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding'].includes(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await fetch(`${origin}${u.pathname}${u.search}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key)) out[key] = value;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  };

  // ------------------------------------------------------------------ the gateway (Kong's role)
  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://standin');
      const body = await readBody(req);
      const apikey = req.headers.apikey;
      if (u.pathname.startsWith('/auth/v1/')) {
        const path = u.pathname.slice('/auth/v1'.length);
        if (path === '/.well-known/jwks.json') return auth[`GET ${path}`](req, res, u, body);
        if (apikey !== anonKey && apikey !== serviceKey) return send(res, 401, { message: 'Invalid API key' });
        if (state.authDown) return send(res, 503, { message: 'upstream unavailable' });
        if (path.startsWith('/admin/')) return authAdmin(req, res, path, body);
        const handler = auth[`${req.method} ${path}`];
        return handler ? handler(req, res, u, body) : send(res, 404, { code: 404, msg: `No stand-in for ${req.method} ${path}` });
      }
      // Storage's route has no key check at the gateway: Storage checks the service key, the user's
      // JWT or the signed token itself.
      if (u.pathname.startsWith('/storage/v1/')) return storage(req, res, u, u.pathname.slice('/storage/v1'.length), body);
      if (u.pathname.startsWith('/functions/v1/')) return edgeFunction(req, res, u, body);
      send(res, 404, { message: 'no route' });
    })().catch((err) => {
      console.error('[stand-in]', err);
      if (!res.headersSent) send(res, 500, { message: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = url;
  state.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
