import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../supabase/functions/_shared/errors.ts';

/** The claim of an upload URL: the key, its expiry, the size limit and the single-use nonce. */
export interface UploadClaim {
  op: 'up';
  key: string;
  exp: number;
  max: number;
  n: string;
}
/** The claim of a download URL: the key, its expiry, and the name and type it is served with. */
export interface DownloadClaim {
  op: 'down';
  key: string;
  exp: number;
  name: string;
  type: string;
}

/** The blob store's URL tokens: a claim in base64url, HMAC-SHA-256 signed with the store's secret; they expire. */
export function signedTokens(secret: string) {
  const sign = (payload: object): string => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const mac = createHmac('sha256', secret).update(body).digest('base64url');
    return `${body}.${mac}`;
  };

  const verify = <T extends { exp: number; op: string }>(token: string, op: T['op']): T => {
    const [body, mac] = token.split('.');
    if (!body || !mac) throw new HttpError(403, 'This link is not valid.');
    const expected = createHmac('sha256', secret).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(403, 'This link is not valid.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
    if (claim.op !== op) throw new HttpError(403, 'This link is not valid.');
    if (claim.exp < Date.now() / 1000) throw new HttpError(403, 'This link has expired.');
    return claim;
  };

  return { sign, verify };
}
