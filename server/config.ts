import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import type { DevMailSetting } from './mail.ts';

export interface ServerConfig {
  port: number;
  /** Address to listen on (HOST): loopback by default; 0.0.0.0 or :: to serve other machines. */
  host: string;
  nodeEnv?: string;
  /** SMTP relay for mail (SMTP_URL); unset: the development outbox. */
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  jwtExpirySeconds: number;
  /** A session not refreshed for this long ends (SESSION_IDLE_TIMEOUT). */
  sessionIdleSeconds: number;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** DEV_MAIL: unset → the outbox to local requests only; `true` → to every request; `false` → never. */
  devMail: DevMailSetting;
  storageSecret: string;
  maxUploadBytes: number;
  /** AI jobs run at once by the embedded worker (AI_CONCURRENCY, default 2). */
  aiConcurrency: number;
  /** LibreOffice's launcher that converts Office files to PDF for the viewer (SOFFICE_PATH, default /usr/bin/soffice). */
  sofficePath: string;
  /** Connections the API holds to Postgres at most (DATABASE_POOL_MAX, default 4 per CPU core, 4 to 32). */
  databasePoolMax: number;
  /** Bearer token that opens /metrics; unset: /metrics is off. */
  metricsToken?: string;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY: a count, `true` meaning 1; 0 when unset): the
   * client is the address the outermost one saw, counted from the right of X-Forwarded-For.
   */
  trustProxy: number;
}

/** Parses "8h", "30m", "3600" or "3600s" into seconds. */
export function parseDuration(value: string, name = 'JWT_EXPIRY'): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`${name} must look like 15m, 8h, 7d or 3600 (got "${value}")`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/**
 * Access tokens are short (docs/decisions.md decision 21): a refresh token renews them, and whatever
 * a check by session misses (a platform without one) ends within this time. At most 15 minutes.
 */
function accessTokenLifetime(value: string): number {
  const seconds = parseDuration(value);
  if (seconds < 30 || seconds > 15 * 60) throw new Error(`JWT_EXPIRY must be between 30s and 15m (got "${value}")`);
  return seconds;
}

/**
 * Four connections per core: the embedded Postgres shares this machine's cores, and more backends than
 * that only take turns on them. Measured on 2 cores under 50 clients: a pool of 20 gave p99 504-566 ms,
 * a pool of 6-10 gave 419-435 ms at the same or higher throughput (docs/architecture.md "Performance").
 */
function defaultPoolMax(): number {
  return Math.min(32, Math.max(4, availableParallelism() * 4));
}

function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`${name} must be a whole number from 1 to 64 (got "${value}")`);
  return n;
}

function parseDevMail(value: string | undefined): DevMailSetting {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return 'auto';
  if (text === 'true' || text === 'false') return text === 'true' ? 'on' : 'off';
  throw new Error(`DEV_MAIL must be true or false, or unset (got "${value}")`);
}

/** TRUST_PROXY: unset, `false` or 0 → no proxy; `true` → one (as before hop counts); 1 to 10 → that many. */
export function parseTrustProxy(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 10) {
    throw new Error(
      `TRUST_PROXY must be the number of reverse proxies in front of the server, 0 to 10, or true for 1 (got "${value}")`,
    );
  }
  return n;
}

/** "5368709120", "5GiB", "100MB" → bytes. */
export function parseBytes(value: string): number {
  const match = /^(\d+)\s*(|B|KB|KiB|MB|MiB|GB|GiB)$/i.exec(value.trim());
  if (!match) throw new Error(`MAX_UPLOAD_BYTES must be a number of bytes such as 5368709120 or 5GiB (got "${value}")`);
  const unit = match[2].toLowerCase();
  const factor = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 ** 2 : unit.startsWith('g') ? 1024 ** 3 : 1;
  return Number(match[1]) * factor;
}

/** A secret kept in DATA_DIR so tokens and links survive restarts. */
function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (got "${env.PORT}")`);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  return {
    port,
    host: env.HOST || '127.0.0.1',
    nodeEnv: env.NODE_ENV,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Data room <no-reply@localhost>',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || persistedSecret(dataDir, 'jwt-secret'),
    jwtExpirySeconds: accessTokenLifetime(env.JWT_EXPIRY ?? '15m'),
    sessionIdleSeconds: parseDuration(env.SESSION_IDLE_TIMEOUT ?? '7d', 'SESSION_IDLE_TIMEOUT'),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? 'admin-password',
    devMail: parseDevMail(env.DEV_MAIL),
    storageSecret: persistedSecret(dataDir, 'storage-secret'),
    aiConcurrency: positiveInteger('AI_CONCURRENCY', env.AI_CONCURRENCY ?? '2'),
    sofficePath: env.SOFFICE_PATH?.trim() || '/usr/bin/soffice',
    maxUploadBytes: parseBytes(env.MAX_UPLOAD_BYTES ?? String(5 * 1024 ** 3)),
    databasePoolMax: positiveInteger('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX ?? String(defaultPoolMax())),
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
