/** What a backup holds (`manifest.json`) and the file work the backup and the restore share. */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type postgres from 'postgres';

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
  /** Where replay ends: `pg_backup_stop`'s LSN, and the commit time of the last transaction before it. */
  stop_lsn?: string;
  database_as_of?: string;
  files: ManifestFile[];
}

export const SECRETS = ['pg-password', 'jwt-secret', 'storage-secret'];
// Directories Postgres needs present but recreates the contents of: left out of a backup, made empty on restore.
export const PG_EMPTY_DIRS = [
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
export const PG_SKIP = new Set([...PG_EMPTY_DIRS, 'postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

export const sha256Text = (text: string) => createHash('sha256').update(text).digest('hex');

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function walk(dir: string, dirs?: string[]): Promise<string[]> {
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
export async function copyIfPresent(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await copyFile(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Rows per table of the data room's schemas. */
export async function tableCounts(sql: postgres.Sql): Promise<Record<string, number>> {
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

/** `2026-11-26 18:02:13.123 UTC`: how the backup and the restore name the database's point in time. */
export function formatAsOf(iso: string): string {
  return iso.replace('T', ' ').replace(/Z$/, ' UTC');
}

/** The restore's closing line: the point in time the restored database holds. */
export function asOfLine(manifest: Manifest): string {
  return manifest.database_as_of
    ? `Database as of ${formatAsOf(manifest.database_as_of)} (last transaction included; WAL replayed to ${manifest.stop_lsn}).`
    : 'Database as of the end of the backup (this backup does not record the time of its last transaction).';
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
