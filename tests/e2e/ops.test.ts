/**
 * Operations a self-hoster relies on, against the real server process (`npm start`'s command):
 * a server killed mid-upload leaves no temporary file after its restart, a killed Postgres is
 * restarted by the server while the API answers 503, and SIGTERM stops everything within 5 s.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, apiCall, createDealApi, eventually, loginUser, startServer, type TestServer } from './lib.ts';

const servers: TestServer[] = [];
after(async () => {
  for (const server of servers) await server.stop().catch(() => {});
});

async function start(name: string, dataDir?: string): Promise<TestServer> {
  const server = await startServer(name, {}, { dataDir });
  servers.push(server);
  return server;
}

function partFiles(dataDir: string): string[] {
  try {
    return (readdirSync(join(dataDir, 'blobs'), { recursive: true }) as string[]).filter((p) => /\.part-[0-9a-f]{12}$/.test(p));
  } catch {
    return [];
  }
}

/** Starts a multipart upload to a signed URL and keeps sending slowly; the request is returned open. */
async function slowUpload(server: TestServer, token: string, dealId: string): Promise<ClientRequest> {
  const start = await apiCall<{ upload_url: string }>(server, 'POST', `/deals/${dealId}/files/upload-url`,
    { filename: 'board-pack.pdf', content_type: 'application/pdf', path: '/' }, token);
  const boundary = 'ops-boundary';
  const req = request(`${server.url}${start.upload_url}`, {
    method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => {});
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="board-pack.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  const timer = setInterval(() => req.write(chunk), 20);
  req.on('close', () => clearInterval(timer));
  return req;
}

describe('operations', () => {
  test('a server killed with SIGKILL mid-upload leaves no temporary file once it is started again', async () => {
    const first = await start('ops-crash');
    const { token } = await loginUser(first, ADMIN_EMAIL, ADMIN_PASSWORD);
    const deal = await createDealApi(first, token, 'Crash deal');
    const upload = await slowUpload(first, token, deal.id);
    await eventually(() => assert.equal(partFiles(first.dataDir).length, 1), 15_000);
    process.kill(first.pid, 'SIGKILL');
    await first.exited();
    upload.destroy();
    assert.equal(partFiles(first.dataDir).length, 1, 'the crash left its temporary file');

    const second = await start('ops-crash', first.dataDir);
    assert.deepEqual(partFiles(second.dataDir), [], 'the restart removed it');
    // The temporary file and the upload URL's attempt lock.
    assert.match(second.log(), /Removed 2 temporary files left by an interrupted run \(\d+ bytes\)/);
    const again = await loginUser(second, ADMIN_EMAIL, ADMIN_PASSWORD);
    const files = await apiCall<{ files: { name: string }[] }>(second, 'GET', `/deals/${deal.id}/files?path=/`, undefined, again.token);
    assert.deepEqual(files.files.map((f) => f.name), [], 'the unfinished upload shows nowhere');
    await second.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  });

  test('a killed Postgres is restarted by the server; meanwhile the API answers 503 with Retry-After', async () => {
    const server = await start('ops-pg');
    const { token } = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const postmaster = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    const seen: { status: number; retryAfter: string | null; body: unknown }[] = [];
    await eventually(async () => {
      const res = await fetch(`${server.url}/api/health`);
      seen.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() });
      assert.ok(seen.at(-1)!.status === 200 && seen.some((s) => s.status === 503), 'not yet down and up again');
    }, 60_000, 50);
    const outage = seen.find((s) => s.status === 503)!;
    assert.equal(outage.retryAfter, '5');
    assert.deepEqual(outage.body, {
      status: 'unavailable', database: 'down', detail: 'The database is unavailable right now. Please try again in a few seconds.',
    });
    assert.ok(seen.every((s) => s.status === 200 || s.status === 503), `only 200 or 503, saw ${seen.map((s) => s.status)}`);

    // The same server process answers again, with its data.
    process.kill(server.pid, 0);
    const deals = await apiCall<{ name: string }[]>(server, 'GET', '/deals', undefined, token);
    assert.ok(JSON.stringify(deals).includes('Project Atlas'));
    assert.match(server.log(), /PostgreSQL stopped unexpectedly .*restarting it/);
    assert.match(server.log(), /PostgreSQL is running again/);
  });

  test('SIGTERM stops the server and its Postgres within 5 s, even with an upload in flight', async () => {
    const server = await start('ops-stop');
    const { token } = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const deal = await createDealApi(server, token, 'Stop deal');
    const upload = await slowUpload(server, token, deal.id);
    await eventually(() => assert.equal(partFiles(server.dataDir).length, 1), 15_000);
    const postmaster = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(server.pid, 'SIGTERM');
    const took = await server.exited();
    upload.destroy();
    assert.ok(took < 5_500, `stopped in ${took} ms`);
    assert.throws(() => process.kill(postmaster, 0), 'Postgres is stopped too');
  });
});
