import type { AuthPort, BlobStore, MailPort, TokenClaims } from './ports.ts';
import type { AiPort } from './ai/providers.ts';
import type { Db } from './db.ts';
import type { Logger } from './logger.ts';
import type { EventsPort } from './events.ts';

export interface ApiConfig {
  /** Lifetime of access tokens issued by the embedded platform, in seconds. */
  jwtExpirySeconds: number;
  /** Public origin of the web app, used in links sent by mail (never taken from a request). */
  publicUrl: string;
  /** Largest JSON body accepted, in bytes. */
  maxJsonBytes: number;
  /** Largest file accepted by an upload, in bytes (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
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
  config: ApiConfig;
}

export type ApiEnv = {
  Variables: {
    claims: TokenClaims;
    /** Set by the first middleware that sees the request; sent back as X-Request-Id. */
    requestId: string;
  };
};
