/**
 * Signed, short-lived source URLs of the viewer (decision 44): bound to the file, its version, the
 * person and their session, the deal, and how the bytes are served (the original, or stamped for
 * reading or for download). HMAC-SHA256 through Web Crypto, so the same code runs in Deno and Node.
 */
import { HttpError } from '../errors.ts';

/** How a source is served: the original bytes, stamped for reading in the room, stamped as a download. */
export type SourceMode = 'original' | 'stamped' | 'stamped-download';
/** What the bytes are turned into: a PDF as it is, an image or a text laid out as PDF pages, or nothing. */
export type SourceKind = 'pdf' | 'image' | 'text' | 'csv' | 'bytes';

export interface SourceClaim {
  /** deal, file, version */
  d: string;
  f: string;
  n: number;
  /** the person, their session and its assurance level (asked again as them when serving) */
  u: string;
  s: string;
  a?: 'aal1' | 'aal2';
  m: SourceMode;
  k: SourceKind;
  /** A storage key other than the version's own (an Office file's PDF rendition). */
  r?: string;
  /** Issued (the stamp's time) and expiry, in seconds. */
  t: number;
  exp: number;
}

export const SOURCE_URL_SECONDS = 300;
export const LINK_NOT_VALID = 'This link is not valid.';
export const LINK_EXPIRED = 'This link has expired. Open the document again.';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 8) keys.clear();
    // A key of its own: the same secret may sign other things, never a viewer link by accident.
    key = crypto.subtle.importKey('raw', encoder.encode(`viewer-source:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

const toBase64Url = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

export async function signSource(secret: string, claim: SourceClaim): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(claim)));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(body)));
  return `${body}.${toBase64Url(mac)}`;
}

/** The claim of a token this server signed and that has not expired; 403 otherwise. */
export async function verifySource(secret: string, token: string): Promise<SourceClaim> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(body + mac)) throw new HttpError(403, LINK_NOT_VALID);
  let claim: SourceClaim;
  try {
    const ok = await crypto.subtle.verify('HMAC', await keyOf(secret), fromBase64Url(mac), encoder.encode(body));
    if (!ok) throw new Error('forged');
    claim = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as SourceClaim;
  } catch {
    throw new HttpError(403, LINK_NOT_VALID);
  }
  if (typeof claim.exp !== 'number' || claim.exp < Date.now() / 1000) throw new HttpError(403, LINK_EXPIRED);
  return claim;
}

/** Where no secret was configured: one per process (links then verify only on the server that made them). */
let processSecret: string | undefined;
export function fallbackSecret(): string {
  processSecret ??= toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return processSecret;
}
