import { sign, verify } from 'hono/jwt';
import type { TokenClaims } from './ports.ts';

/** HS256 access tokens with GoTrue's claims, so RLS policies read them as on Supabase. */
export async function issueAccessToken(
  secret: string,
  user: { id: string; email: string },
  expirySeconds: number,
  session: { sessionId: string; aal: 'aal1' | 'aal2' },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    {
      sub: user.id,
      email: user.email,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + expirySeconds,
      session_id: session.sessionId,
      aal: session.aal,
    },
    await secretKey(secret),
    'HS256',
  );
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The secret as a key, imported once: importing it again for every token took 60–100 µs of each
 * request (a secret rarely changes; a handful are kept, for tests that run several).
 */
const secretKeys = new Map<string, Promise<CryptoKey>>();
function secretKey(secret: string): Promise<CryptoKey> {
  let key = secretKeys.get(secret);
  if (!key) {
    if (secretKeys.size >= 8) secretKeys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    secretKeys.set(secret, key);
  }
  return key;
}

/**
 * Tokens whose signature and claims were checked, by their exact text and the secret that checked them:
 * a client sends the same token with every request for its life, and checking its HMAC again cost
 * 50–100 µs of CPU a request (WebCrypto's job and promise). What is kept is only what the same bytes
 * proved before; expiry is checked on every use, and the session behind the token still is, by the
 * caller, as before. Bounded: the oldest entry goes first.
 */
const verifiedTokens = new Map<string, TokenClaims>();
const VERIFIED_TOKENS_KEPT = 1000;

export async function verifyAccessToken(secret: string, token: string): Promise<TokenClaims | undefined> {
  const cacheKey = `${secret}\u0000${token}`;
  const known = verifiedTokens.get(cacheKey);
  if (known) {
    if ((known.exp ?? 0) > Date.now() / 1000) return known;
    verifiedTokens.delete(cacheKey);
    return undefined;
  }
  const claims = await checkAccessToken(secret, token);
  if (claims) {
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
    verifiedTokens.set(cacheKey, Object.freeze(claims));
  }
  return claims;
}

async function checkAccessToken(secret: string, token: string): Promise<TokenClaims | undefined> {
  try {
    const payload = await verify(token, await secretKey(secret), { alg: 'HS256', aud: 'authenticated' });
    // GoTrue's tokens always expire, name a user and belong to a session (by UUID); anything else is
    // not one of ours: a token without a session would escape the session check and outlive sign-out.
    if (typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub) || payload.role !== 'authenticated') return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    if (typeof payload.session_id !== 'string' || !UUID_RE.test(payload.session_id)) return undefined;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      role: 'authenticated',
      aud: 'authenticated',
      exp: payload.exp,
      ...(typeof payload.iat === 'number' ? { iat: payload.iat } : {}),
      session_id: payload.session_id,
      ...(payload.aal === 'aal1' || payload.aal === 'aal2' ? { aal: payload.aal } : {}),
    };
  } catch {
    return undefined;
  }
}

export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
