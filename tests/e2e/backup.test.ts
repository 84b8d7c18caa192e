/**
 * Backup and restore round trip on the real server: data is created, `npm run backup` runs while the
 * server is serving, the installation is wiped, `npm run restore` brings it back into an empty
 * DATA_DIR, and a server started on it shows the same rows and byte-identical files.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminWithDeal,
  apiCall,
  loginUser,
  root,
  serverStarter,
  type TestServer,
  uploadGrantApi,
} from './lib.ts';

const start = serverStarter();
const folders: string[] = [];
after(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function npmRun(script: 'backup' | 'restore', folder: string, dataDir: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/backup.ts', script, folder], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.status, 0, `${script} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

async function upload(server: TestServer, token: string, dealId: string, name: string, bytes: Uint8Array): Promise<string> {
  const start = await uploadGrantApi(server, token, dealId, name, 'application/octet-stream');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  const stored = await fetch(`${server.url}${start.upload_url}`, { method: 'POST', body: form });
  assert.equal(stored.status, 201);
  await apiCall(server, 'POST', `/deals/${dealId}/files/${start.file_id}/upload-complete`, { file_size: bytes.length }, token);
  return start.file_id;
}

async function download(server: TestServer, token: string, dealId: string, fileId: string): Promise<string> {
  const { download_url } = await apiCall<{ download_url: string }>(
    server,
    'GET',
    `/deals/${dealId}/files/${fileId}/download-url`,
    undefined,
    token,
  );
  return sha256(new Uint8Array(await (await fetch(`${server.url}${download_url}`)).arrayBuffer()));
}

describe('backup and restore', () => {
  test('a backup taken while the server runs restores the same rows and byte-identical files', async () => {
    const first = await start('backup-source');
    const { token, deal } = await adminWithDeal(first, 'Backed-up deal');
    const files = new Map<string, string>();
    for (const [name, size] of [
      ['SPA draft.pdf', 300_000],
      ['Cap table.xlsx', 20_000],
      ['empty.txt', 0],
    ] as const) {
      const bytes = new Uint8Array(randomBytes(size));
      files.set(await upload(first, token, deal.id, name, bytes), sha256(bytes));
    }
    const folder = join(root, '.test-data', `backup-${process.pid}`);
    rmSync(folder, { recursive: true, force: true });
    folders.push(folder);

    const said = npmRun('backup', folder, first.dataDir);
    assert.match(said, /Backed up \d+ rows and 3 stored objects/);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    assert.equal(manifest.objects.length, 3);
    const deals = await apiCall<unknown[]>(first, 'GET', '/deals', undefined, token);
    await first.stop(); // stops the server and wipes its DATA_DIR
    assert.equal(existsSync(first.dataDir), false);

    // A damaged backup is refused before anything is written.
    const damaged = join(root, '.test-data', `restore-damaged-${process.pid}`);
    folders.push(damaged);
    const victim = manifest.files.find((f: { path: string }) => f.path.startsWith('blobs/')).path;
    const original = readFileSync(join(folder, victim));
    writeFileSync(join(folder, victim), Buffer.concat([original, Buffer.from('x')]));
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'server/backup.ts', 'restore', folder], {
      cwd: root,
      env: { ...process.env, DATA_DIR: damaged },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /does not match its manifest/);
    assert.equal(existsSync(join(damaged, 'pg')), false);
    writeFileSync(join(folder, victim), original);

    const restoredDir = join(root, '.test-data', `restored-${process.pid}`);
    rmSync(restoredDir, { recursive: true, force: true });
    folders.push(restoredDir);
    const restored = npmRun('restore', folder, restoredDir);
    assert.match(restored, /Restored \d+ rows in \d+ tables and 3 stored objects \(every SHA-256 checked\)/);
    assert.doesNotMatch(restored, /differ from the counts/);

    const second = await start('backup-restored', {}, { dataDir: restoredDir });
    const again = await loginUser(second, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Everything but the activity lines, which now start with this sign-in.
    const withoutActivity = (list: unknown) => (list as Record<string, unknown>[]).map(({ recent_activity: _, ...deal }) => deal);
    assert.deepEqual(withoutActivity(await apiCall(second, 'GET', '/deals', undefined, again.token)), withoutActivity(deals));
    for (const [fileId, digest] of files) assert.equal(await download(second, again.token, deal.id, fileId), digest);
  });

  test('a backup under uploads restores every upload acknowledged before pg_backup_stop, with its bytes, and says as of when', async () => {
    const source = await start('backup-busy');
    const { token, deal } = await adminWithDeal(source, 'Busy deal');
    const folder = join(root, '.test-data', `backup-busy-${process.pid}`);
    const release = join(root, '.test-data', `backup-busy-${process.pid}-release`);
    for (const path of [folder, release]) rmSync(path, { recursive: true, force: true });
    folders.push(folder, release);

    interface Upload {
      id: string;
      digest: string;
      acknowledged: number;
    }
    const uploads: Upload[] = [];
    const uploadOne = async () => {
      const bytes = new Uint8Array(randomBytes(1_000 + uploads.length * 37));
      const id = await upload(source, token, deal.id, `busy-${uploads.length}-${randomBytes(3).toString('hex')}.bin`, bytes);
      uploads.push({ id, digest: sha256(bytes), acknowledged: Date.now() });
    };
    for (let i = 0; i < 3; i++) await uploadOne();
    const beforeBackup = uploads.length;

    // The backup pauses after copying the data directory and the stored objects, before pg_backup_stop,
    // until `release` exists: the uploads acknowledged in that pause reach the copy only through the WAL
    // replayed up to the stop and the objects copied after it.
    let said = '';
    const backupRun = spawn(process.execPath, ['--import', 'tsx', 'server/backup.ts', 'backup', folder], {
      cwd: root,
      env: { ...process.env, DATA_DIR: source.dataDir, BACKUP_PAUSE_BEFORE_STOP: release },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    backupRun.stdout.on('data', (chunk) => (said += chunk));
    backupRun.stderr.on('data', (chunk) => (said += chunk));
    const exited = new Promise<number | null>((resolve) => backupRun.on('close', resolve));
    let backupDone = false;
    void exited.then(() => (backupDone = true));
    const paused = await Promise.race([
      (async () => {
        while (!said.includes('Paused before pg_backup_stop')) {
          if (backupDone) return false;
          await new Promise((r) => setTimeout(r, 20)); // polls the output for the pause, a state
        }
        return true;
      })(),
      exited.then(() => false),
    ]);
    if (!paused) backupRun.kill();
    assert.ok(paused, `The backup did not pause before pg_backup_stop:\n${said}`);

    // Uploads go on, one after another, until the backup has finished.
    const writer = (async () => {
      while (!backupDone) await uploadOne();
    })();
    while (uploads.length < beforeBackup + 5) await uploadOne();
    const beforeStop = uploads.length;
    mkdirSync(release);
    assert.equal(await exited, 0, `backup failed:\n${said}`);
    await writer;
    const asOf = /Database as of (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC \(last transaction included/.exec(said);
    assert.ok(asOf, `The backup does not say as of when:\n${said}`);
    const asOfMs = Date.parse(`${asOf[1].replace(' ', 'T')}Z`);
    await source.stop();

    const restoredDir = join(root, '.test-data', `restored-busy-${process.pid}`);
    rmSync(restoredDir, { recursive: true, force: true });
    folders.push(restoredDir);
    const restoreSaid = npmRun('restore', folder, restoredDir);
    assert.ok(restoreSaid.includes(asOf[0]), `The restore does not say as of when:\n${restoreSaid}`);

    const restored = await start('backup-busy-restored', {}, { dataDir: restoredDir });
    const again = await loginUser(restored, ADMIN_EMAIL, ADMIN_PASSWORD);
    const present = new Set<string>();
    for (const u of uploads) {
      const res = await fetch(`${restored.url}/api/deals/${deal.id}/files/${u.id}`, {
        headers: { Authorization: `Bearer ${again.token}` },
      });
      await res.body?.cancel();
      assert.ok(res.status === 200 || res.status === 404, `GET file answered ${res.status}`);
      if (res.status === 200) present.add(u.id);
    }
    // Acknowledged before the last transaction the backup says it includes (ms clocks of one machine:
    // an upload acknowledged before that commit's time committed before it).
    const covered = uploads.filter((u, i) => i < beforeStop || u.acknowledged < asOfMs);
    console.log(
      `${uploads.length - beforeBackup} uploads acknowledged during the backup, ${covered.length - beforeBackup} of them ` +
        `before ${asOf[1]} UTC; the restore holds ${uploads.filter((u) => present.has(u.id)).length - beforeBackup} of them`,
    );
    for (const u of covered) {
      assert.ok(present.has(u.id), `upload ${uploads.indexOf(u)} (acknowledged before the backup's stop) is missing`);
      assert.equal(await download(restored, again.token, deal.id, u.id), u.digest);
    }
  });
});
