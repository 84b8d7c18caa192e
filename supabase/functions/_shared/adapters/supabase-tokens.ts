/**
 * Verifies Supabase access tokens of both generations: projects signing with asymmetric keys
 * (ES256 / RS256, public keys published at `/auth/v1/.well-known/jwks.json`) and projects still on
 * the legacy HS256 JWT secret. Anything else — `alg: none`, an unexpected algorithm, an expired or
 * wrong-audience token, a bad signature — is refused. The key set is fetched once and cached by jose
 * (refetched when a token names an unknown key id, at most every 30 s).
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { TokenClaims } from '../ports.ts';
import { verifyAccessToken } from '../tokens.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASYMMETRIC = ['ES256', 'RS256'];

export interface SupabaseTokenVerifierOptions {
  /** The project URL; the key set is read from `<url>/auth/v1/.well-known/jwks.json`. */
  url: string;
  /** The legacy JWT secret, when the project still signs (or signed) with it. */
  jwtSecret?: string;
}

function claimsOf(payload: JWTPayload): TokenClaims | undefined {
  if (typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub)) return undefined;
  if (payload.role !== 'authenticated' || typeof payload.exp !== 'number') return undefined;
  // GoTrue's access tokens always name their session; one without would escape the session check.
  if (typeof payload.session_id !== 'string' || !UUID_RE.test(payload.session_id)) return undefined;
  const claims: TokenClaims = {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    role: 'authenticated',
    aud: 'authenticated',
    exp: payload.exp,
    session_id: payload.session_id,
  };
  // GoTrue's assurance level travels on, for policies that read it.
  for (const key of ['aal', 'iat'] as const) {
    if (payload[key] !== undefined) (claims as unknown as Record<string, unknown>)[key] = payload[key];
  }
  return claims;
}

export function supabaseTokenVerifier(opts: SupabaseTokenVerifierOptions): (token: string) => Promise<TokenClaims | undefined> {
  const jwksUrl = new URL(`${opts.url.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`);
  const keys = createRemoteJWKSet(jwksUrl, { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  return async (token) => {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      return undefined;
    }
    if (alg === 'HS256') return opts.jwtSecret ? verifyAccessToken(opts.jwtSecret, token) : undefined;
    if (!alg || !ASYMMETRIC.includes(alg)) return undefined;
    try {
      const { payload } = await jwtVerify(token, keys, { algorithms: ASYMMETRIC, audience: 'authenticated' });
      return claimsOf(payload);
    } catch {
      return undefined;
    }
  };
}
