/**
 * Faults a self-hoster meets, against the real server process (`npm start`'s command): Postgres killed
 * again and again under traffic, and `npm start` stopped by a process manager.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import postgres from 'postgres';
import {
  adminWithDeal,
  alive,
  apiCall,
  eventually,
  freePort,
  privateWebDist,
  root,
  serverStarter,
  startServer,
  type TestServer,
  uploadGrantApi,
} from './lib.ts';

const start = serverStarter();

const postmasterPid = (dataDir: string): number => {
  try {
    return Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || 0;
  } catch {
    return 0; // being rewritten by a start
  }
};

/** Every process below `pid` (its children, theirs, ...), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const STORAGE_FULL = 'Storage is full; ask your administrator.';
const MiB = 1024 * 1024;

/** A real small disk: a tmpfs of `size` mounted at `dir` (needs root, as CI has). */
function mountTmpfs(dir: string, size: string, options = ''): void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${options}`, 'tmpfs', dir]);
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  }
}

/** Writes `path` until the disk refuses (ENOSPC): the disk is then full for everyone. */
function fillDisk(path: string): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(MiB, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    assert.equal((err as NodeJS.ErrnoException).code, 'ENOSPC');
  } finally {
    closeSync(fd);
  }
}

const freeMiB = (dir: string) => {
  const fs = statfsSync(dir);
  return (fs.bavail * fs.bsize) / MiB;
};

describe('faults', () => {
  test('Postgres killed 15 times under concurrent reads and uploads: the server lives through each, answers again and keeps every upload it acknowledged', async () => {
    const KILLS = 15;
    const server = await start('faults-pg-kills');
    const { token, deal } = await adminWithDeal(server, 'Kills deal');
    const auth = { authorization: `Bearer ${token}` };

    const acknowledged = new Map<string, string>(); // file id -> SHA-256 of the bytes sent
    const statuses = new Map<string, number>();
    let done = 0;
    const recoveries: number[] = [];
    let running = true;
    const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
    // A client told 503 waits until the database is back (as Retry-After asks) instead of spinning.
    let back: Promise<void> = Promise.resolve();
    let markBack = () => {};
    // Each request, its body included, is bounded, so a request the server never answers counts as one,
    // not as a stuck test (nor as a rejection thrown out of the traffic loops).
    const call = async (url: string, init: RequestInit = {}) => {
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
        const body = await res.text();
        count(String(res.status));
        if (res.status === 503) await back;
        return { status: res.status, body };
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        count(
          (err as Error).name === 'TimeoutError' ? 'timeout' : `network ${init.method ?? 'GET'} ${cause?.code ?? cause?.message}`,
        );
        return undefined;
      } finally {
        done++;
      }
    };
    const reader = async () => {
      while (running) {
        await call(`${server.url}/api/deals/${deal.id}/files?path=/`, { headers: auth });
        await call(`${server.url}/api/deals`, { headers: auth });
      }
    };
    let n = 0;
    let uploadsSent = 0;
    const uploader = async () => {
      while (running) {
        const bytes = randomBytes(2048 + Math.floor(Math.random() * 64 * 1024));
        const form = new FormData();
        form.append('path', '/');
        form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), `upload-${n++}.bin`);
        uploadsSent++;
        const res = await call(`${server.url}/api/deals/${deal.id}/files/upload`, { method: 'POST', headers: auth, body: form });
        if (res?.status === 201) {
          const { file_id } = JSON.parse(res.body) as { file_id: string };
          acknowledged.set(file_id, createHash('sha256').update(bytes).digest('hex'));
        }
      }
    };
    const traffic = [reader(), reader(), reader(), uploader(), uploader(), uploader()];

    try {
      for (let kill = 1; kill <= KILLS; kill++) {
        // Traffic is flowing again, uploads are being sent, and one was acknowledged since the last
        // recovery (crash recovery must keep it) before each kill.
        const [before, uploadsBefore, acknowledgedBefore] = [done, uploadsSent, acknowledged.size];
        await eventually(
          () =>
            assert.ok(
              done >= before + 12 && uploadsSent >= uploadsBefore + 3 && acknowledged.size > acknowledgedBefore,
              `kill ${kill}: traffic flows`,
            ),
          30_000,
          20,
        );
        const postmaster = postmasterPid(server.dataDir);
        assert.ok(postmaster > 0);
        back = new Promise((resolve) => (markBack = resolve));
        const killedAt = Date.now();
        process.kill(postmaster, 'SIGKILL');
        await eventually(
          async () => {
            if (!alive(server.pid)) return; // failed below at once
            const now = postmasterPid(server.dataDir);
            assert.ok(now > 0 && now !== postmaster, 'a new postmaster');
            const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
            assert.equal(health.status, 200, 'healthy again');
          },
          60_000,
          100,
        );
        recoveries.push(Date.now() - killedAt);
        markBack();
        assert.ok(alive(server.pid), `kill ${kill}: the server process died\n${server.log()}`);
      }
    } finally {
      running = false;
      markBack();
      await Promise.all(traffic);
    }
    const seen = Object.fromEntries(statuses);
    console.log(
      `${KILLS} kills, back in ${recoveries.join(', ')} ms; statuses ${JSON.stringify(seen)}; ${acknowledged.size} of ${uploadsSent} uploads acknowledged`,
    );
    assert.ok(alive(server.pid), `the server process is alive\n${server.log()}`);
    assert.doesNotMatch(server.output(), /Cannot read properties of null|unhandled rejection/);

    // Every request was answered: ok, or 503 while the database was down; never a 500, never left hanging.
    assert.deepEqual(
      Object.keys(seen).filter((s) => !['200', '201', '503'].includes(s)),
      [],
      `statuses seen: ${JSON.stringify(seen)}`,
    );
    assert.ok(acknowledged.size >= KILLS, `uploads acknowledged: ${acknowledged.size} of ${uploadsSent}`);

    // Nothing acknowledged is lost: each file is there with the bytes that were sent. A request just after
    // the last recovery may still meet a pooled connection that died with the killed postmaster (seen once
    // in CI): it answers 503 with Retry-After, and is asked again, as the answer says.
    const readAgainOn503 = async <T>(path: string): Promise<T> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          return await apiCall<T>(server, 'GET', path, undefined, token);
        } catch (err) {
          if (!/ answered 503: /.test(String(err)) || Date.now() > deadline) throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    for (const [fileId, sha256] of acknowledged) {
      const versions = await readAgainOn503<{ versions: { sha256: string }[] } | { sha256: string }[]>(
        `/deals/${deal.id}/files/${fileId}/versions`,
      );
      assert.equal((Array.isArray(versions) ? versions : versions.versions)[0]?.sha256, sha256, `file ${fileId}`);
    }
    const listing = await readAgainOn503<{ files: { id: string }[] }>(`/deals/${deal.id}/files?path=/`);
    const listed = new Set(listing.files.map((f) => f.id));
    assert.deepEqual(
      [...acknowledged.keys()].filter((id) => !listed.has(id)),
      [],
      'every acknowledged upload is listed',
    );
  });

  test('`npm start` under a process manager: SIGTERM to the npm process stops the server and Postgres within seconds, and a second start works', async () => {
    const port = await freePort();
    const dataDir = join(root, '.test-data', `e2e-npm-start-${process.pid}-${port}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: privateWebDist() };
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'npm_lifecycle_event']) delete env[name];
    const left: number[] = [];
    // As systemd (deploy/dataroom.service) and the container (deploy/Dockerfile) run it.
    const run = async (round: number) => {
      const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      npm.stdout!.on('data', (chunk: Buffer) => (output += chunk));
      npm.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        npm.once('exit', (code, signal) => resolve({ code, signal })),
      );
      await eventually(
        async () => {
          assert.equal(npm.exitCode, null, `npm start exited:\n${output}`);
          assert.equal((await fetch(`http://127.0.0.1:${port}/api/health`)).status, 200);
        },
        180_000,
        200,
      );
      const postmaster = postmasterPid(dataDir);
      const tree = descendants(npm.pid!);
      assert.ok(tree.includes(postmaster), `round ${round}: Postgres runs under npm start (${tree})`);
      left.push(...tree);

      const signalled = Date.now();
      npm.kill('SIGTERM');
      const { code, signal } = await exited;
      const took = Date.now() - signalled;
      // npm passes the signal on and ends as it did: 143 (128 + SIGTERM) once the server has stopped.
      assert.ok(
        code === 0 || code === 143 || signal === 'SIGTERM',
        `round ${round}: npm ended with ${code ?? signal}:\n${output}`,
      );
      await eventually(() => assert.deepEqual(tree.filter(alive), [], `round ${round}: processes left behind`), 10_000);
      assert.ok(Date.now() - signalled < 10_000, `round ${round}: everything stopped in ${Date.now() - signalled} ms`);
      assert.equal(await portOpen(port), false, `round ${round}: the port is closed`);
      assert.equal(existsSync(join(dataDir, 'pg', 'postmaster.pid')), false, `round ${round}: Postgres stopped cleanly`);
      assert.match(output, /SIGTERM received: stopping/);
      console.log(`npm start round ${round}: stopped in ${took} ms, exit ${code ?? signal}`);
    };
    try {
      await run(1);
      await run(2); // the same DATA_DIR starts again: nothing left locked
    } finally {
      for (const pid of left.filter(alive)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a full disk answers 507 "Storage is full" on every upload path and on Postgres\'s disk_full, frees a failed upload\'s bytes at once, and shows in /api/health and /metrics', async (t) => {
    if (process.getuid?.() !== 0) return t.skip('mounting a small disk needs root');
    const port = await freePort();
    const dataDir = join(root, '.test-data', `e2e-disk-full-${process.pid}-${port}`);
    rmSync(dataDir, { recursive: true, force: true });
    const blobs = join(dataDir, 'blobs');
    const tablespace = join(dataDir, 'tiny-tablespace');
    mountTmpfs(blobs, '40m');
    let server: TestServer | undefined;
    try {
      const begun = Date.now();
      server = await startServer('disk-full', { METRICS_TOKEN: 'scrape-full' }, { dataDir });
      console.log(`disk-full server up in ${Date.now() - begun} ms`);
      const { url } = server;
      const { token, deal } = await adminWithDeal(server, 'Full disk deal');
      const auth = { authorization: `Bearer ${token}` };
      const big = randomBytes(48 * MiB); // more than the 40 MB disk holds
      const expectFull = async (res: Response, what: string) => {
        const body = (await res.json()) as { detail: string };
        assert.equal(res.status, 507, `${what}: ${res.status} ${JSON.stringify(body)}`);
        assert.ok(body.detail.startsWith(STORAGE_FULL), `${what}: ${body.detail}`);
      };
      const formWith = (bytes: Buffer<ArrayBuffer>, name: string) => {
        const form = new FormData();
        form.append('path', '/');
        form.append('file', new Blob([bytes]), name);
        return form;
      };
      const health = async () => (await fetch(`${url}/api/health`)).json();
      const metric = async (name: string) => {
        const text = await (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-full' } })).text();
        return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      };
      assert.deepEqual(await health(), { status: 'ok', database: 'up', ai_worker: true });

      // The API's own upload: 507, and the part written is gone at once.
      await expectFull(
        await fetch(`${url}/api/deals/${deal.id}/files/upload`, {
          method: 'POST',
          headers: auth,
          body: formWith(big, 'too-big.bin'),
        }),
        'direct upload',
      );
      assert.ok(freeMiB(blobs) > 39, `the direct upload's bytes are freed (${freeMiB(blobs)} MiB free)`);
      assert.equal(await metric('dataroom_storage_full'), 0, 'not full: the failed upload took nothing');

      // The single-use upload URL.
      const grant = await uploadGrantApi(server, token, deal.id, 'tape.bin', 'application/octet-stream');
      await expectFull(
        await fetch(`${url}${grant.upload_url}`, { method: 'POST', body: formWith(big, 'tape.bin') }),
        'upload URL',
      );
      assert.ok(freeMiB(blobs) > 39, `the upload URL's bytes are freed (${freeMiB(blobs)} MiB free)`);

      // tus: the PATCH that fills the disk gets 507 and the upload is discarded (HEAD: 404), so a client
      // starts it over instead of the partial bytes holding the disk for the grant's 24 hours.
      const tus = { 'tus-resumable': '1.0.0', ...grant.resumable.headers };
      const created = await fetch(`${url}${grant.resumable.endpoint}`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(big.length) },
      });
      assert.equal(created.status, 201);
      const location = created.headers.get('location')!;
      const patched = await fetch(`${url}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: big,
      });
      await expectFull(patched, 'tus PATCH');
      assert.equal((await fetch(`${url}${location}`, { method: 'HEAD', headers: tus })).status, 404, 'the upload is gone');
      assert.deepEqual(readdirSync(join(blobs, '.resumable')), [], 'no partial bytes are left in .resumable/');
      assert.ok(freeMiB(blobs) > 39, `the tus upload's bytes are freed (${freeMiB(blobs)} MiB free)`);

      // Full for everyone: health says so (reads still work: 200), /metrics too, and a small upload gets 507.
      const filler = join(blobs, 'filler');
      fillDisk(filler);
      assert.deepEqual(await health(), {
        status: 'degraded',
        database: 'up',
        storage: 'full',
        detail: STORAGE_FULL,
        ai_worker: true,
      });
      assert.equal(await metric('dataroom_storage_full'), 1);
      await expectFull(
        await fetch(`${url}/api/deals/${deal.id}/files/upload`, {
          method: 'POST',
          headers: auth,
          body: formWith(randomBytes(4096), 'small.bin'),
        }),
        'small upload on a full disk',
      );
      rmSync(filler);
      assert.deepEqual(await health(), { status: 'ok', database: 'up', ai_worker: true });
      assert.equal(await metric('dataroom_storage_full'), 0);
      const small = await fetch(`${url}/api/deals/${deal.id}/files/upload`, {
        method: 'POST',
        headers: auth,
        body: formWith(randomBytes(4096), 'small.bin'),
      });
      assert.equal(small.status, 201, 'space freed: uploads work again');

      // Postgres's disk: the folders table on a tablespace of a 1 MB disk, filled; a new folder that
      // needs a new page gets "could not extend file" (SQLSTATE 53100), answered 507.
      const owner = statSync(join(dataDir, 'pg')); // the cluster's owner (`postgres` when the server runs as root)
      mountTmpfs(tablespace, '1m', `,uid=${owner.uid},gid=${owner.gid},mode=0700`);
      const admin = postgres({
        host: '127.0.0.1',
        port: Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]),
        user: 'postgres',
        password: readFileSync(join(dataDir, 'pg-password'), 'utf8').trim(),
        database: 'dataroom',
        max: 1,
        onnotice: () => {},
      });
      try {
        await admin.unsafe(`create tablespace tiny location '${tablespace}'`);
        await admin`alter table public.folders set tablespace tiny`;
      } finally {
        await admin.end();
      }
      fillDisk(join(tablespace, 'filler'));
      let answer: Response | undefined;
      let folders = 0;
      const folderStart = Date.now();
      for (let i = 0; i < 1000; i++, folders++) {
        answer = await fetch(`${url}/api/deals/${deal.id}/folders`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Folder ${i} ${'x'.repeat(200)}`, path: '/' }),
        });
        if (answer.status !== 201) break;
        await answer.arrayBuffer();
      }
      await expectFull(answer!, 'POST /folders on a full Postgres disk');
      console.log(`the folders' full disk answered 507 after ${folders} folders (${Date.now() - folderStart} ms)`);
      assert.doesNotMatch(server.output(), /unexpected error|unhandled rejection/);
      rmSync(join(tablespace, 'filler'));
    } catch (err) {
      // A server that died mid-test is the finding: say so with its output, not only the step that noticed.
      if (server && !alive(server.pid)) throw new Error(`the server exited during the test:\n${server.log()}`, { cause: err });
      throw err;
    } finally {
      if (server) {
        if (alive(server.pid)) process.kill(server.pid, 'SIGTERM');
        await server.exited();
      }
      if (existsSync(tablespace)) unmount(tablespace);
      unmount(blobs);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
