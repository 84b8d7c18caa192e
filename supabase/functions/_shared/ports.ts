/** What the API needs from the platform it runs on (docs/decisions.md decision 2). */

export interface AccountRecord {
  id: string;
  email: string;
}

export interface SessionResult {
  user: AccountRecord;
  access_token: string;
}

export interface TokenClaims {
  sub: string;
  email: string;
  role: string;
  aud?: string | string[];
  exp?: number;
  /** When the token was issued (seconds); tokens older than a user's cutoff are refused. */
  iat?: number;
}

export interface AuthPort {
  /**
   * Creates an account whose address is not yet confirmed, and mails a confirmation link landing on
   * `confirmRedirectTo?token=…` (the magic-link page: opening it confirms the address and signs in).
   * Undefined when the e-mail is already registered.
   */
  register(email: string, password: string, confirmRedirectTo: string): Promise<SessionResult | undefined>;
  /** Undefined for an unknown e-mail and a wrong password alike. */
  signInWithPassword(email: string, password: string): Promise<SessionResult | undefined>;
  /** Sends a single-use sign-in link to `email`; the link lands on `redirectTo?token=…`. */
  sendMagicLink(email: string, redirectTo: string): Promise<void>;
  /**
   * Signs in with a link's token, creating the account if new; the link proves the address, so it is
   * confirmed from then on. Undefined when invalid, expired or used.
   */
  verifyMagicLink(token: string): Promise<SessionResult | undefined>;
  /** Claims of a valid access token; undefined when missing, expired or forged. */
  verifyToken(token: string): Promise<TokenClaims | undefined>;
  /** Sets an account's password (a super admin's reset); the caller checks who may. */
  setPassword(userId: string, password: string): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

export interface StoredObject {
  size: number;
  sha256: string;
}

/** Where file bytes live: files under DATA_DIR embedded, Supabase Storage on Supabase. Keys are ours. */
export interface BlobStore {
  /** A single-use URL (and form fields) the browser posts the file to; `maxBytes` is enforced while streaming. */
  createUploadUrl(key: string, opts: { expiresInSeconds: number; maxBytes: number }): Promise<{ url: string; fields: Record<string, string> }>;
  /** A short-lived URL that downloads the object as an attachment named `filename`. */
  createDownloadUrl(key: string, opts: { filename: string; contentType: string; expiresInSeconds: number }): Promise<string>;
  /** Streams bytes into `key`; past `maxBytes` it fails with 413 and leaves nothing behind. */
  put(key: string, body: AsyncIterable<Uint8Array>, opts: { maxBytes: number; contentType: string }): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** The first `maxBytes` bytes of the object (all of it when smaller); undefined when it does not exist. */
  read(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  delete(keys: string[]): Promise<void>;
}
