import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import postgres from 'postgres';
import { asOfLine, copyIfPresent, PG_EMPTY_DIRS, SECRETS, sha256File, tableCounts, verifyBackup } from './backup-manifest.ts';
import { startEmbeddedPostgres } from './postgres.ts';

/**
 * Restores a backup into a new, empty DATA_DIR (`npm run restore -- <dir>`): checks every file against the
 * manifest, copies them, lets Postgres replay the backup's WAL on its first start, then checks every row
 * count and stored object's SHA-256 (the backup's design is in server/backup.ts).
 */
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
    log(asOfLine(manifest));
  } finally {
    await sql.end();
    await pg.stop();
  }
  await rm(join(dataDir, 'manifest.json'), { force: true });
}
