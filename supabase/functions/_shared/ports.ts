/** What the API needs from the platform it runs on (docs/decisions.md decision 2). */
import type { MfaFactor, TotpEnrollment } from './contracts/auth.ts';

export type { MfaFactor, TotpEnrollment } from './contracts/auth.ts';

export interface AccountRecord {
  id: string;
  email: string;
}

export interface SessionResult {
  user: AccountRecord;
  access_token: string;
  /** Spent by POST /auth/refresh for the next pair; single use (docs/decisions.md decision 21). */
  refresh_token: string;
  /** Lifetime of the access token, in seconds. */
  expires_in: number;
}

/** Where a sign-in comes from, shown in the sessions list ("signed in on … from …"). */
export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** The person asking: their verified claims and the token that carried them (GoTrue's user endpoints want it). */
export interface Caller {
  claims: TokenClaims;
  token: string;
}

/** What shows a link's opener is the person who registered (the registering session, or its password). */
export interface RegistrantProof {
  userId?: string;
  password?: string;
}

/** A registration's confirmation link opened without proof of the registrant, or with a wrong password. */
export type LinkRefusal = 'registrant_proof_required' | 'wrong_password';

export type RefreshFailure = 'invalid' | 'reused' | 'raced' | 'idle';

export interface TokenClaims {
  sub: string;
  email: string;
  role: string;
  aud?: string | string[];
  exp?: number;
  /** When the token was issued (seconds); tokens older than a user's cutoff are refused. */
  iat?: number;
  /** The session the token belongs to (GoTrue's claim, always present); an ended session's tokens are refused. */
  session_id: string;
  /** Authenticator assurance level: aal2 once a second factor was proved in this session. */
  aal?: 'aal1' | 'aal2';
}

export interface AuthPort {
  /**
   * Creates an account whose address is not yet confirmed, and mails a confirmation link landing on
   * `confirmRedirectTo?token=…` (the magic-link page: opening it confirms the address and signs in).
   * Undefined when the e-mail is already registered. 'confirmation_sent' when the platform signs no one
   * in before the address is confirmed (GoTrue with confirmations on; it answers the same whether or
   * not the address was taken, so no one learns which).
   */
  register(
    email: string,
    password: string,
    confirmRedirectTo: string,
    client?: ClientInfo,
  ): Promise<SessionResult | 'confirmation_sent' | undefined>;
  /**
   * Creates an account whose address is already proved (an invitation link reached it: decision 33),
   * with the password chosen, and signs it in; no mail is sent. Undefined when the address is taken.
   */
  createAccount(email: string, password: string, client?: ClientInfo): Promise<SessionResult | undefined>;
  /**
   * Confirms an existing account's address through the update the `auth.users` trigger watches, so a
   * password already on it is marked unproved (decision 30) unless `registrantProved`: the person showed
   * the password is theirs. Embedded, the trigger then marks nothing; on Supabase GoTrue confirms it and
   * the mark is left for the caller to lift.
   */
  confirmAddress(userId: string, registrantProved: boolean): Promise<void>;
  /** Removes every second factor of the account (one enrolled before its address was proved). */
  removeFactors(userId: string): Promise<void>;
  /** Undefined for an unknown e-mail and a wrong password alike. */
  signInWithPassword(email: string, password: string, client?: ClientInfo): Promise<SessionResult | undefined>;
  /** Whether `password` is the account's (confirmed or not), without opening a session (a password change's proof). */
  checkPassword(email: string, password: string): Promise<boolean>;
  /** Sends a single-use sign-in link to `email`; the link lands on `redirectTo?token=…`. */
  sendMagicLink(email: string, redirectTo: string): Promise<void>;
  /**
   * Signs in with a link's token, creating the account if new; the link proves the address, so it is
   * confirmed from then on. Undefined when invalid, expired or used. A link that confirms a registration
   * keeps that registration's password only for its registrant (`proof`: the registering session's user,
   * or the password typed); embedded, such a link without proof is not spent ('registrant_proof_required',
   * 'wrong_password'). `registrantProved` says the opener proved the password is theirs
   * (docs/decisions.md decision 30).
   */
  verifyMagicLink(
    token: string,
    client?: ClientInfo,
    proof?: RegistrantProof,
  ): Promise<(SessionResult & { registrantProved: boolean }) | LinkRefusal | undefined>;
  /** Makes the account's password unusable (a link proved the address; the password was not the owner's). */
  clearPassword(userId: string): Promise<void>;
  /** Spends a refresh token for the next pair; a spent token presented again ends its session. */
  refresh(refreshToken: string, client?: ClientInfo): Promise<SessionResult | RefreshFailure>;
  /** Ends this session (`local`), every session (`global`) or every other one (`others`). */
  signOut(caller: Caller, scope: 'local' | 'global' | 'others'): Promise<void>;
  /** A new session for the caller right after their password changed (every other one has ended). */
  reopen(caller: Caller, email: string, password: string, client?: ClientInfo): Promise<SessionResult | undefined>;
  listFactors(caller: Caller): Promise<MfaFactor[]>;
  /** Starts a TOTP enrolment; the factor counts once a code from it is verified. */
  enrollTotp(caller: Caller, friendlyName: string): Promise<TotpEnrollment>;
  /**
   * Checks a code of the factor: the session rises to aal2 and a new pair is returned (an unverified
   * factor becomes verified). Undefined for a wrong, replayed or expired code.
   */
  verifyTotp(caller: Caller, factorId: string, code: string): Promise<SessionResult | undefined>;
  unenrollFactor(caller: Caller, factorId: string): Promise<boolean>;
  /**
   * A recovery code was accepted (the API checks it): embedded, the session rises to aal2; on Supabase,
   * where GoTrue has no recovery codes, the factors are removed so the person can enrol a new device.
   */
  recoverWithCode(caller: Caller): Promise<SessionResult | 'factors_removed' | undefined>;
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

/** A tus 1.0 endpoint the browser uploads one file to, in chunks, resuming after a dropped connection. */
export interface ResumableTarget {
  endpoint: string;
  /** Sent with every tus request (the embedded server's signed token; Storage's API key). */
  headers: Record<string, string>;
  /** Whether the browser also sends its own access token as `Authorization: Bearer` (Supabase Storage checks it against the grant). */
  withAccessToken: boolean;
  /** tus Upload-Metadata the endpoint needs (Storage: bucket, object name, content type). */
  metadata: Record<string, string>;
  chunkSize: number;
  /** Until when the upload may be started and continued, as the store grants it. */
  expiresAt: Date;
}

/** Where the browser sends one file's bytes: a single request, or resumable in chunks. */
export interface UploadTarget {
  /** A single-use URL (and form fields) the whole file is sent to in one request. */
  url: string;
  fields: Record<string, string>;
  /** When `url` stops being accepted, as the store grants it, never assumed. */
  expiresAt: Date;
  resumable: ResumableTarget;
}

/** Where file bytes live: files under DATA_DIR embedded, Supabase Storage on Supabase. Keys are ours. */
export interface BlobStore {
  /**
   * Where the browser uploads the bytes of `key`: a single-use URL valid `expiresInSeconds`, and a
   * resumable upload that may run `resumableSeconds`; `maxBytes` is enforced while streaming.
   */
  createUploadUrl(
    key: string,
    opts: { expiresInSeconds: number; resumableSeconds: number; maxBytes: number; contentType: string },
  ): Promise<UploadTarget>;
  /** A short-lived URL that downloads the object as an attachment named `filename`. */
  createDownloadUrl(key: string, opts: { filename: string; contentType: string; expiresInSeconds: number }): Promise<string>;
  /** Streams bytes into `key`; past `maxBytes` it fails with 413 and leaves nothing behind. */
  put(key: string, body: AsyncIterable<Uint8Array>, opts: { maxBytes: number; contentType: string }): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** The first `maxBytes` bytes of the object (all of it when smaller); undefined when it does not exist. */
  read(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /**
   * The object as a stream of chunks (a ZIP export reads files of any size), or only bytes `start` to
   * `end` (both included; the viewer's range requests); undefined when it does not exist.
   */
  stream(key: string, range?: { start: number; end: number }): Promise<AsyncIterable<Uint8Array> | undefined>;
  delete(keys: string[]): Promise<void>;
}

/** What a stamp is drawn into: a PDF as it is, an image on a page, text or CSV laid out on pages. */
export type StampKind = 'pdf' | 'image' | 'text' | 'csv';

/**
 * A document made ready for the viewer's stamp (decision 58): `pdf` is a PDF whose pages each draw an
 * empty form XObject (`slots`, one per page size, at those byte ranges); viewer/stamp-template.ts's
 * `fillTemplate` writes a reader's stamp into them and moves the cross-reference table at `xrefAt`.
 */
export interface StampTemplate {
  pdf: Uint8Array;
  xrefAt: number;
  slots: { objectNumber: number; start: number; end: number; width: number; height: number }[];
  /** The object number of the layers' resources (the font and the transparency). */
  resources: number;
}

/**
 * Prepares a document for the viewer's stamp (decisions 44, 58), the result always a PDF (decision 53).
 * Heavy CPU, once per stored document: the embedded server runs it in worker threads
 * (server/stamp-threads.ts); on Supabase it runs in the request (viewer/stamper.ts). Each reader's stamp
 * is then filled in without parsing (`fillTemplate`). Fails with an HttpError: 422 for a document that
 * cannot be stamped, 503 with Retry-After when too many wait.
 */
export interface StamperPort {
  /** `bytes` may be handed over (transferred to a thread): the caller does not use them afterwards. */
  prepare(bytes: Uint8Array, kind: StampKind): Promise<StampTemplate>;
}
