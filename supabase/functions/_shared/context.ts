import type { AuthPort, BlobStore, MailPort, StamperPort, TokenClaims } from './ports.ts';
import type { AiPort } from './ai/providers.ts';
import type { Db } from './db.ts';
import type { Logger } from './logger.ts';
import type { EventsPort } from './events.ts';
import type { AuthLimits } from './throttle.ts';
import type { Context } from 'hono';
import type { OfficeRenditionsPort } from './viewer/office-renditions.ts';

export interface ApiConfig {
  /** Lifetime of access tokens issued by the embedded platform, in seconds. */
  jwtExpirySeconds: number;
  /** Public origin of the web app, used in links sent by mail (never taken from a request). */
  publicUrl: string;
  /** Largest JSON body accepted, in bytes. */
  maxJsonBytes: number;
  /** Largest file accepted by an upload, in bytes (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** Limits of the account endpoints; DEFAULT_AUTH_LIMITS for what is not given. */
  authLimits?: Partial<AuthLimits>;
  /** Above which size or file count a ZIP export runs as a job (EXPORT_JOB_THRESHOLD when not given; tests lower it). */
  exportJobThreshold?: { bytes: number; files: number };
}

export interface ApiDeps {
  /** Where unexpected errors are written (consoleLogger() when not given). */
  log?: Logger;
  sql: Db;
  auth: AuthPort;
  mail: MailPort;
  blobs: BlobStore;
  /** The AI port for requests that ask it directly (metadata); the built-in provider when not given. */
  ai?: AiPort;
  /** Live deal events for GET /deals/{id}/events; without it the route says so and the web app polls. */
  events?: EventsPort;
  /**
   * The client's address, for throttling: the embedded server gives the socket's peer (or, with
   * TRUST_PROXY, the address its proxies saw); without it, what Supabase's edge is told
   * (`edgeClientAddress`, client-address.ts).
   */
  clientAddress?: (c: Context) => string | undefined;
  /** Whether the server's disk is (nearly) full, for /health; the embedded server measures its DATA_DIR. */
  storageFull?: () => Promise<boolean>;
  /**
   * Whether queued AI jobs can reach a worker, for GET /health (`ai_worker`): embedded, the in-process
   * worker runs; on Supabase, the webhook to the ai-worker function is wired (pg_net, the Vault secrets).
   */
  aiWorkerReachable?: () => Promise<boolean>;
  /**
   * The converter of Office files to PDF for the viewer (viewer/office-renditions.ts): the embedded
   * server's LibreOffice; absent on Supabase, where such files read "not available on this server".
   */
  officeRenditions?: OfficeRenditionsPort;
  /**
   * Draws the viewer's stamp into what a reader without `download` is sent, and into downloads under
   * "Watermark downloads" (decision 53): the embedded server's worker threads; in the request's own
   * thread when not given (Supabase, tests).
   */
  stamper?: StamperPort;
  /**
   * Wakes what prepares a queued ZIP export where NOTIFY reaches no one: on Supabase, the ai-worker edge
   * function (through its webhook call). Embedded, the export worker hears private.create_export's NOTIFY.
   */
  wakeExportWorker?: () => Promise<void>;
  /**
   * Signs the viewer's short-lived source URLs (decision 44). Every server answering the same URLs needs
   * the same secret; without one, each process makes its own (fine for one process, as in the tests).
   */
  signingSecret?: string;
  config: ApiConfig;
}

export type ApiEnv = {
  Variables: {
    claims: TokenClaims;
    /** The bearer token the claims came from (GoTrue's own user endpoints want it). */
    accessToken: string;
    /** The caller has a verified second factor. */
    mfaEnrolled: boolean;
    /** Set by the first middleware that sees the request; sent back as X-Request-Id. */
    requestId: string;
    /** Who is asking, as far as the network says (throttling only; never a proof of identity). */
    clientAddress: string;
  };
};
