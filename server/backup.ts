/**
 * Backup and restore of an embedded installation (`npm run backup -- <dir>`, `npm run restore -- <dir>`).
 *
 * The embedded PostgreSQL package ships no pg_dump, so the database is backed up physically, the way
 * pg_basebackup does it, with SQL and a file copy only: a temporary replication slot keeps every WAL
 * segment from the backup's start, `pg_backup_start` / `pg_backup_stop` bracket a copy of the data
 * directory and of the stored objects, and the WAL from the start through the segment holding
 * `pg_backup_stop`'s record is copied after it (the stop switches segments, so that one is complete).
 * Started on that copy, Postgres replays all of it: the restored database is exactly as of
 * `pg_backup_stop`, the backup's last step that reads the database, while the server kept running. The
 * commit time of the last transaction before it is printed and kept in the manifest.
 * Stored objects are immutable once written (one key per version) and written before the version's row
 * commits, so the bulk is copied before the stop and the versions recorded meanwhile right after it:
 * every version the restored database refers to has its bytes. Everything is listed with its SHA-256
 * in `manifest.json`, checked before a restore and again after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import postgres from 'postgres';
import {
  asOfLine,
  copyIfPresent,
  type Manifest,
  type ManifestFile,
  PG_EMPTY_DIRS,
  PG_SKIP,
  SECRETS,
  sha256File,
  sha256Text,
  tableCounts,
  walk,
} from './backup-manifest.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { restore } from './restore.ts';

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
  // As the cluster's superuser, as above: pg_backup_start and replication slots are not dataroom_app's.
  return { url: pg.adminUrl, stop: () => pg.stop() };
}

/** The number of a WAL segment from its file name (timeline, log, segment: 8 hex digits each). */
function segmentNumber(name: string, segmentBytes: number): number {
  return parseInt(name.slice(8, 16), 16) * (0x1_0000_0000 / segmentBytes) + parseInt(name.slice(16, 24), 16);
}

/**
 * `BACKUP_PAUSE_BEFORE_STOP=<file>`: the backup waits, after copying the data directory and the stored
 * objects and before `pg_backup_stop`, until that file exists. Lets a test write during a backup at a
 * known point instead of racing it (tests/e2e/backup.test.ts).
 */
async function pauseBeforeStop(log: (line: string) => void): Promise<void> {
  const file = process.env.BACKUP_PAUSE_BEFORE_STOP;
  if (!file) return;
  log(`Paused before pg_backup_stop until ${file} exists.`);
  while (!existsSync(file)) await new Promise((r) => setTimeout(r, 50));
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
  // Size and digest of every file of the copy, taken as it is copied (the manifest needs no second pass).
  const files = new Map<string, ManifestFile>();
  const copyInto = async (from: string, rel: string): Promise<boolean> => {
    const to = join(target, rel);
    if (!(await copyIfPresent(from, to))) return false;
    files.set(rel, { path: rel.split(sep).join('/'), size: (await stat(to)).size, sha256: await sha256File(to) });
    return true;
  };
  const writeInto = async (rel: string, text: string) => {
    await writeFile(join(target, rel), text);
    files.set(rel, { path: rel.split(sep).join('/'), size: Buffer.byteLength(text), sha256: sha256Text(text) });
  };
  // Stored objects: keys copied so far. A version can be deleted between the listing and the copy;
  // only the listing after the stop (whose rows the restored database may hold) must find every object.
  const copiedObjects = new Set<string>();
  const copyObjects = async (mustExist: boolean) => {
    const objects = await sql<{ key: string; sha256: string }[]>`
      select storage_key as key, sha256 from public.file_versions order by storage_key`;
    for (const { key } of objects) {
      if (copiedObjects.has(key)) continue;
      let whole = true;
      for (const suffix of ['', '.meta.json']) {
        const copied = await copyInto(
          join(dataDir, 'blobs', ...key.split('/')) + suffix,
          join('blobs', ...key.split('/')) + suffix,
        );
        if (!copied && mustExist)
          throw new Error(`The stored object ${key}${suffix} is missing (deleted during the backup?): run the backup again.`);
        whole &&= copied;
      }
      if (whole) copiedObjects.add(key);
    }
    return objects;
  };
  try {
    const [{ version }] = await sql<{ version: string }[]>`show server_version`;
    const [{ segmentBytes }] = await sql<{ segmentBytes: number }[]>`
      select setting::int as "segmentBytes" from pg_settings where name = 'wal_segment_size'`;
    // A temporary slot (gone with this session) keeps the WAL from here on, so none is recycled mid-copy.
    await sql`select pg_create_physical_replication_slot(${`backup_${process.pid}_${Date.now()}`}, true, true)`;
    const [{ startLsn }] = await sql<{ startLsn: string }[]>`select pg_backup_start('dataroom backup', true)::text as "startLsn"`;
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
      await copyInto(file, join('pg', rel));
    }
    await copyObjects(false);
    for (const secret of SECRETS) await copyInto(join(dataDir, secret), secret);

    await pauseBeforeStop(log);
    await sql`select pg_current_xact_id()`; // a commit record, so the WAL up to the stop always holds one
    const [stopped] = await sql<{ lsn: string; labelfile: string; spcmapfile: string }[]>`
      select lsn::text, labelfile, spcmapfile from pg_backup_stop(true)`;
    const [{ startFile, stopFile }] = await sql<{ startFile: string; stopFile: string }[]>`
      select pg_walfile_name(${startLsn}::pg_lsn) as "startFile", pg_walfile_name(${stopped.lsn}::pg_lsn) as "stopFile"`;
    await writeInto(join('pg', 'backup_label'), stopped.labelfile);
    if (stopped.spcmapfile) await writeInto(join('pg', 'tablespace_map'), stopped.spcmapfile);
    for (const dir of PG_EMPTY_DIRS) await mkdir(join(target, 'pg', dir), { recursive: true });
    // The WAL from the backup's checkpoint through the segment of its end, and no further: replay then
    // stops exactly there, at the point the database is said to be as of.
    const walDir = join(pgDir, 'pg_wal');
    const segments = (await readdir(walDir))
      .filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= startFile && name <= stopFile)
      .sort();
    for (const name of segments)
      if (!(await copyInto(join(walDir, name), join('pg', 'pg_wal', name)))) throw new Error(`WAL segment ${name} vanished.`);
    for (const name of await readdir(walDir))
      if (name.endsWith('.history')) await copyInto(join(walDir, name), join('pg', 'pg_wal', name));
    if (segments.length !== segmentNumber(stopFile, segmentBytes) - segmentNumber(startFile, segmentBytes) + 1)
      throw new Error(`The WAL from ${startFile} to ${stopFile} is incomplete: run the backup again.`);
    const asOf = await lastCommitBefore(db.url, startLsn, stopped.lsn);

    const objects = await copyObjects(true);
    const row_counts = await tableCounts(sql);

    const directories: string[] = [];
    await walk(target, directories);
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      postgres_version: version,
      row_counts,
      objects: [...objects],
      directories: directories.map((d) => relative(target, d).split(sep).join('/')).sort(),
      stop_lsn: stopped.lsn,
      ...(asOf ? { database_as_of: asOf } : {}),
      files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
    await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    log(
      `Backed up ${Object.values(row_counts).reduce((a, b) => a + b, 0)} rows and ${objects.length} stored objects ` +
        `(${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB) to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    log(asOfLine(manifest));
    return manifest;
  } catch (err) {
    await sql`select pg_backup_stop(false)`.catch(() => {});
    throw err;
  } finally {
    await sql.end();
    await db.stop();
  }
}

/**
 * The commit time of the last transaction whose commit record lies before `stopLsn`, read from the WAL
 * with pg_walinspect (shipped with Postgres), in the maintenance database `postgres` so the data room's
 * own database gains nothing. The backup commits one transaction of its own right before the stop, so
 * there is one even when nothing else wrote.
 */
async function lastCommitBefore(url: string, startLsn: string, stopLsn: string): Promise<string | undefined> {
  const maintenance = postgres(url.replace(/\/dataroom$/, '/postgres'), { max: 1, onnotice: () => {} });
  try {
    await maintenance`create extension if not exists pg_walinspect`;
    await maintenance`set timezone = 'UTC'`;
    // Commit records print their time first ("2026-11-26 18:02:13.123456+00; ...").
    const [last] = await maintenance<{ description: string }[]>`
      select description from pg_get_wal_records_info(${startLsn}::pg_lsn, ${stopLsn}::pg_lsn)
      where resource_manager = 'Transaction' and record_type in ('COMMIT', 'COMMIT_PREPARED')
      order by start_lsn desc limit 1`;
    const time = last && /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)\+00\b/.exec(last.description);
    return time ? new Date(`${time[1]}T${time[2]}Z`).toISOString() : undefined;
  } finally {
    await maintenance.end();
  }
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
