/**
 * Backup and restore of an embedded installation (`npm run backup -- <dir>`, `npm run restore -- <dir>`).
 *
 * The embedded PostgreSQL package ships no pg_dump, so the database is backed up physically, the way
 * pg_basebackup does it, with SQL and a file copy only: a temporary replication slot keeps every WAL
 * segment from the backup's start, `pg_backup_start` / `pg_backup_stop` bracket a copy of the data
 * directory, and the WAL written meanwhile is copied after it. Started on that copy, Postgres replays
 * the WAL to a consistent state, exactly as of the backup's end, while the server kept running.
 * Stored objects are immutable once written (one key per version), so copying them after the database
 * is consistent: every version the database knows has its bytes. Everything is listed with its SHA-256
 * in `manifest.json`, checked before a restore and again after it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { userInfo } from 'node:os';
import postgres from 'postgres';
import { startEmbeddedPostgres } from './postgres.ts';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}
export interface Manifest {
  format: 1;
  created_at: string;
  postgres_version: string;
  /** Rows per table when the backup was taken (informational on a busy server; exact on an idle one). */
  row_counts: Record<string, number>;
  /** Every object the database refers to (file versions), with the digest the database recorded. */
  objects: { key: string; sha256: string }[];
  /** Every folder of the copy (Postgres needs its empty ones too). */
  directories: string[];
  files: ManifestFile[];
}

const SECRETS = ['pg-password', 'jwt-secret', 'storage-secret'];
// Directories Postgres needs present but recreates the contents of: left out of a backup, made empty on restore.
const PG_EMPTY_DIRS = [
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
];
// Not part of a backup: runtime state Postgres recreates, and what pg_basebackup leaves out too.
const PG_SKIP = new Set([...PG_EMPTY_DIRS, 'postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function walk(dir: string, dirs?: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      dirs?.push(path);
      out.push(...(await walk(path, dirs)));
    } else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Copies a file, tolerating one that vanishes meanwhile (Postgres drops relation files; WAL replay knows). */
async function copyIfPresent(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await copyFile(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** The running server's Postgres (from postmaster.pid), or a temporary one when the server is stopped. */
async function connect(dataDir: string, log: (line: string) => void) {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  if (existsSync(pidFile)) {
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    let running = false;
    try {
      process.kill(Number(pid), 0);
      running = true;
    } catch {
      /* stale */
    }
    if (running) {
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/dataroom`;
      return { url, stop: async () => {} };
    }
  }
  log('The server is not running: starting its PostgreSQL for the backup.');
  const pg = await startEmbeddedPostgres(dataDir, log);
  return { url: pg.url, stop: () => pg.stop() };
}

async function tableCounts(sql: postgres.Sql): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }[]>`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname in ('public', 'auth', 'private', '_ledger') order by 1`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await sql.unsafe(`select count(*)::int as n from ${name}`);
    counts[name] = n as number;
  }
  return counts;
}

export async function backup(
  dataDirArg: string,
  targetArg: string,
  log: (line: string) => void = console.log,
): Promise<Manifest> {
  const dataDir = resolve(dataDirArg);
  const target = resolve(targetArg);
  if (!existsSync(join(dataDir, 'pg', 'PG_VERSION'))) throw new Error(`${dataDir} holds no database: nothing to back up.`);
  if (existsSync(target) && (await readdir(target)).length)
    throw new Error(`${target} is not empty: choose a new folder for the backup.`);
  await mkdir(target, { recursive: true });

  const db = await connect(dataDir, log);
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const started = Date.now();
  try {
    const [{ version }] = await sql<{ version: string }[]>`show server_version`;
    // A temporary slot (gone with this session) keeps the WAL from here on, so none is recycled mid-copy.
    await sql`select pg_create_physical_replication_slot(${`backup_${process.pid}_${Date.now()}`}, true, true)`;
    await sql`select pg_backup_start('dataroom backup', true)`;
    const pgDir = join(dataDir, 'pg');
    const pgDirs: string[] = [];
    const pgFiles = await walk(pgDir, pgDirs);
    for (const dir of pgDirs) {
      const rel = relative(pgDir, dir);
      if (!PG_SKIP.has(rel.split(sep)[0]) && !rel.includes('pgsql_tmp'))
        await mkdir(join(target, 'pg', rel), { recursive: true });
    }
    for (const file of pgFiles) {
      const rel = relative(pgDir, file);
      const top = rel.split(sep)[0];
      if (PG_SKIP.has(top) || rel.includes('pgsql_tmp')) continue;
      await copyIfPresent(file, join(target, 'pg', rel));
    }
    const [stopped] = await sql<
      { labelfile: string; spcmapfile: string }[]
    >`select labelfile, spcmapfile from pg_backup_stop(true)`;
    await writeFile(join(target, 'pg', 'backup_label'), stopped.labelfile);
    if (stopped.spcmapfile) await writeFile(join(target, 'pg', 'tablespace_map'), stopped.spcmapfile);
    for (const dir of PG_EMPTY_DIRS) await mkdir(join(target, 'pg', dir), { recursive: true });
    // The WAL from the backup's checkpoint through its end (and a little after, which replay also applies).
    for (const file of await walk(join(pgDir, 'pg_wal'))) {
      const rel = relative(join(pgDir, 'pg_wal'), file);
      if (/^[0-9A-F]{24}$/.test(rel) || rel.endsWith('.history') || rel.endsWith('.backup'))
        await copyIfPresent(file, join(target, 'pg', 'pg_wal', rel));
    }

    const objects = await sql<{ key: string; sha256: string }[]>`
      select storage_key as key, sha256 from public.file_versions order by storage_key`;
    const blobs = join(dataDir, 'blobs');
    for (const { key } of objects) {
      for (const suffix of ['', '.meta.json']) {
        const copied = await copyIfPresent(
          join(blobs, ...key.split('/')) + suffix,
          join(target, 'blobs', ...key.split('/')) + suffix,
        );
        if (!copied)
          throw new Error(`The stored object ${key}${suffix} is missing (deleted during the backup?): run the backup again.`);
      }
    }
    for (const secret of SECRETS) await copyIfPresent(join(dataDir, secret), join(target, secret));
    const row_counts = await tableCounts(sql);

    const files: ManifestFile[] = [];
    const directories: string[] = [];
    const all = await walk(target, directories);
    for (const file of all.sort()) {
      files.push({
        path: relative(target, file).split(sep).join('/'),
        size: (await stat(file)).size,
        sha256: await sha256File(file),
      });
    }
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      postgres_version: version,
      row_counts,
      objects: [...objects],
      directories: directories.map((d) => relative(target, d).split(sep).join('/')).sort(),
      files,
    };
    await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    log(
      `Backed up ${Object.values(row_counts).reduce((a, b) => a + b, 0)} rows and ${objects.length} stored objects ` +
        `(${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB) to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return manifest;
  } catch (err) {
    await sql`select pg_backup_stop(false)`.catch(() => {});
    throw err;
  } finally {
    await sql.end();
    await db.stop();
  }
}

/** Checks every file of a backup against its manifest; returns the manifest. */
export async function verifyBackup(sourceArg: string): Promise<Manifest> {
  const source = resolve(sourceArg);
  const manifestPath = join(source, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${source} has no manifest.json: it is not a backup.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
  const problems: string[] = [];
  for (const file of manifest.files) {
    const path = join(source, ...file.path.split('/'));
    if (!existsSync(path)) problems.push(`missing: ${file.path}`);
    else if (statSync(path).size !== file.size || (await sha256File(path)) !== file.sha256)
      problems.push(`changed: ${file.path}`);
  }
  if (problems.length) throw new Error(`The backup does not match its manifest:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return manifest;
}

export async function restore(sourceArg: string, dataDirArg: string, log: (line: string) => void = console.log): Promise<void> {
  const source = resolve(sourceArg);
  const dataDir = resolve(dataDirArg);
  if (existsSync(dataDir) && (await readdir(dataDir)).length) {
    throw new Error(`${dataDir} is not empty: restore into a new, empty DATA_DIR (and point the server at it).`);
  }
  const manifest = await verifyBackup(source);
  log(`The backup of ${manifest.created_at} matches its manifest (${manifest.files.length} files).`);
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  for (const dir of manifest.directories) await mkdir(join(dataDir, ...dir.split('/')), { recursive: true });
  for (const file of manifest.files) {
    await copyIfPresent(join(source, ...file.path.split('/')), join(dataDir, ...file.path.split('/')));
  }
  for (const dir of PG_EMPTY_DIRS) await mkdir(join(dataDir, 'pg', dir), { recursive: true });
  for (const secret of SECRETS) if (existsSync(join(dataDir, secret))) await chmod(join(dataDir, secret), 0o600);
  // Postgres wants its directory private, and owned by the account it runs as (`postgres` when we are root).
  await chmod(join(dataDir, 'pg'), 0o700);
  if (userInfo().uid === 0) execFileSync('chown', ['-R', 'postgres:postgres', join(dataDir, 'pg')]);

  // Postgres replays the backup's WAL on this first start; then every row and object is checked.
  const pg = await startEmbeddedPostgres(dataDir, log);
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    const counts = await tableCounts(sql);
    const differing = Object.entries(manifest.row_counts).filter(([table, n]) => counts[table] !== n);
    for (const [table, n] of differing) log(`  ${table}: ${counts[table]} rows (${n} when the backup was taken)`);
    const objects = await sql<{ key: string; sha256: string }[]>`select storage_key as key, sha256 from public.file_versions`;
    const broken: string[] = [];
    for (const { key, sha256 } of objects) {
      const path = join(dataDir, 'blobs', ...key.split('/'));
      if (!existsSync(path) || (await sha256File(path)) !== sha256) broken.push(key);
    }
    if (broken.length)
      throw new Error(
        `Restored, but ${broken.length} stored objects do not match the database: ${broken.slice(0, 5).join(', ')}`,
      );
    log(
      `Restored ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables and ` +
        `${objects.length} stored objects (every SHA-256 checked) into ${dataDir}.` +
        (differing.length ? ` ${differing.length} tables differ from the counts taken while the server was busy.` : ''),
    );
  } finally {
    await sql.end();
    await pg.stop();
  }
  await rm(join(dataDir, 'manifest.json'), { force: true });
}

// `npm run backup -- <dir>` / `npm run restore -- <dir>` (DATA_DIR names the installation, default .data).
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [command, dir] = process.argv.slice(2);
  const dataDir = process.env.DATA_DIR ?? '.data';
  if (!dir || (command !== 'backup' && command !== 'restore')) {
    console.error(
      'Usage: npm run backup -- <backup folder>   |   npm run restore -- <backup folder>   (DATA_DIR names the installation)',
    );
    process.exit(2);
  }
  try {
    if (command === 'backup') await backup(dataDir, dir);
    else await restore(dir, dataDir);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
