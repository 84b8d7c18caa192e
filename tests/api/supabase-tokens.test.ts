// Supabase access tokens of both generations (asymmetric keys from the project's JWKS, and the legacy
// HS256 secret), verified by the Supabase adapter against a local server publishing a key set.
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { supabaseTokenVerifier } from '../../supabase/functions/_shared/adapters/supabase-tokens.ts';
import { useStandIn } from './local-server.ts';

const SECRET = 'legacy-secret-of-the-project-long-enough-for-hs256';
const SUB = '3f6f1d2a-1c1b-4c55-9a43-1a2b3c4d5e6f';
const SESSION = '8d0c5a4e-7b1f-4f2a-9e3d-5c6b7a8d9e0f';
const now = () => Math.floor(Date.now() / 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let jwksRequests = 0;
let es: CryptoKeyPair;
let rs: CryptoKeyPair;
let stranger: CryptoKeyPair;
let keys: JWK[] = [];

/** The project's key set, published where Supabase publishes it. */
const jwks = useStandIn((req, res) => {
  if (req.url === '/auth/v1/.well-known/jwks.json') {
    jwksRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  } else {
    res.writeHead(404).end();
  }
});

const claims = (extra: Record<string, unknown> = {}) => ({
  sub: SUB,
  email: 'jwks@example.com',
  role: 'authenticated',
  aud: 'authenticated',
  session_id: SESSION,
  aal: 'aal1',
  ...extra,
});
const signWith = (key: CryptoKey, alg: string, kid: string, extra: Record<string, unknown> = {}, exp = now() + 600) =>
  new SignJWT(claims(extra)).setProtectedHeader({ alg, kid, typ: 'JWT' }).setIssuedAt().setExpirationTime(exp).sign(key);

beforeAll(async () => {
  es = (await generateKeyPair('ES256', { extractable: true })) as CryptoKeyPair;
  rs = (await generateKeyPair('RS256', { extractable: true })) as CryptoKeyPair;
  stranger = (await generateKeyPair('ES256', { extractable: true })) as CryptoKeyPair;
  keys = [
    { ...(await exportJWK(es.publicKey)), kid: 'es-1', alg: 'ES256', use: 'sig' },
    { ...(await exportJWK(rs.publicKey)), kid: 'rs-1', alg: 'RS256', use: 'sig' },
  ];
});

describe('Supabase token verification', () => {
  it('accepts ES256 and RS256 tokens signed by the project keys, and keeps session_id and aal', async () => {
    const verify = supabaseTokenVerifier({ url: jwks.origin });
    const fromEs = await verify(await signWith(es.privateKey, 'ES256', 'es-1'));
    expect(fromEs).toMatchObject({
      sub: SUB,
      email: 'jwks@example.com',
      role: 'authenticated',
      session_id: SESSION,
      aal: 'aal1',
    });
    expect(await verify(await signWith(rs.privateKey, 'RS256', 'rs-1'))).toMatchObject({ sub: SUB });
  });

  it('fetches the key set once and reuses it', async () => {
    const verify = supabaseTokenVerifier({ url: jwks.origin });
    const before = jwksRequests;
    for (let i = 0; i < 5; i++) expect(await verify(await signWith(es.privateKey, 'ES256', 'es-1'))).toBeDefined();
    expect(jwksRequests - before).toBe(1);
  });

  it('accepts a legacy HS256 token when the project secret is configured, and refuses it otherwise', async () => {
    const token = await sign({ ...claims(), iat: now(), exp: now() + 600 }, SECRET, 'HS256');
    expect(await supabaseTokenVerifier({ url: jwks.origin, jwtSecret: SECRET })(token)).toMatchObject({ sub: SUB });
    expect(await supabaseTokenVerifier({ url: jwks.origin })(token)).toBeUndefined();
  });

  it('refuses alg none, unknown keys, expired, wrong-audience, tampered and wrong-algorithm tokens', async () => {
    const verify = supabaseTokenVerifier({ url: jwks.origin, jwtSecret: SECRET });
    const good = await signWith(es.privateKey, 'ES256', 'es-1');
    const [h, p, s] = good.split('.');
    const bad: [string, string][] = [
      ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${p}.`],
      ['alg none with the original signature', `${b64url({ alg: 'none', typ: 'JWT' })}.${p}.${s}`],
      ['signed by a key the project does not publish (known kid)', await signWith(stranger.privateKey, 'ES256', 'es-1')],
      ['signed by a key the project does not publish (unknown kid)', await signWith(stranger.privateKey, 'ES256', 'other')],
      ['expired', await signWith(es.privateKey, 'ES256', 'es-1', {}, now() - 60)],
      ['another audience', await signWith(es.privateKey, 'ES256', 'es-1', { aud: 'another-app' })],
      ['role anon', await signWith(es.privateKey, 'ES256', 'es-1', { role: 'anon' })],
      ['role service_role', await signWith(es.privateKey, 'ES256', 'es-1', { role: 'service_role' })],
      ['a subject that is not a user id', await signWith(es.privateKey, 'ES256', 'es-1', { sub: 'admin' })],
      // GoTrue always names the session; without one a token would escape the session check.
      ['no session', await signWith(es.privateKey, 'ES256', 'es-1', { session_id: undefined })],
      ['a session that is not a UUID', await signWith(es.privateKey, 'ES256', 'es-1', { session_id: 'abc' })],
      [
        'HS256 with the project secret but no session',
        await sign({ ...claims({ session_id: undefined }), iat: now(), exp: now() + 600 }, SECRET, 'HS256'),
      ],
      [
        'a tampered payload',
        `${h}.${b64url({ ...claims(), sub: '00000000-0000-0000-0000-000000000001', exp: now() + 600 })}.${s}`,
      ],
      [
        'HS256 signed with another secret',
        await sign({ ...claims(), iat: now(), exp: now() + 600 }, 'another-secret-long-enough-for-hs256!', 'HS256'),
      ],
      ['HS256 header over an ES256 signature', `${b64url({ alg: 'HS256', typ: 'JWT' })}.${p}.${s}`],
      ['ES384', 'eyJhbGciOiJFUzM4NCJ9.' + p + '.' + s],
      ['not a token', 'not-a-token'],
    ];
    for (const [what, token] of bad) expect(await verify(token), what).toBeUndefined();
  });

  it('refuses everything while the key set cannot be reached, without throwing', async () => {
    const verify = supabaseTokenVerifier({ url: 'http://127.0.0.1:9' });
    expect(await verify(await signWith(es.privateKey, 'ES256', 'es-1'))).toBeUndefined();
  });
});
