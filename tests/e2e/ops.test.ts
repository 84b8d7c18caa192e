/**
 * Operations a self-hoster relies on, against the real server process (`npm start`'s command):
 * a server killed mid-upload leaves no temporary file after its restart and a resumable upload goes on
 * where the kill stopped it, a killed Postgres is restarted by the server while the API answers 503,
 * and SIGTERM stops everything within 5 s.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminWithDeal,
  apiCall,
  eventually,
  dealWithCategory,
  listingApi,
  loginUser,
  serverStarter,
  type TestServer,
  uploadGrantApi,
} from './lib.ts';

const start = serverStarter();

function partFiles(dataDir: string): string[] {
  try {
    return (readdirSync(join(dataDir, 'blobs'), { recursive: true }) as string[]).filter((p) => /\.part-[0-9a-f]{12}$/.test(p));
  } catch {
    return [];
  }
}

/** Starts a multipart upload to a signed URL and keeps sending slowly; the request is returned open. */
async function slowUpload(server: TestServer, token: string, dealId: string): Promise<ClientRequest> {
  const start = await uploadGrantApi(server, token, dealId, 'board-pack.pdf', 'application/pdf');
  const boundary = 'ops-boundary';
  const req = request(`${server.url}${start.upload_url}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => {});
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="board-pack.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const chunk = Buffer.alloc(256 * 1024, 7);
  const timer = setInterval(() => req.write(chunk), 20);
  req.on('close', () => clearInterval(timer));
  return req;
}

/** A fresh server with a slow upload in flight whose temporary file is on disk: what a kill or a stop interrupts. */
async function serverWithUploadInFlight(name: string, dealName: string) {
  const server = await start(name);
  const { token, deal } = await adminWithDeal(server, dealName);
  const upload = await slowUpload(server, token, deal.id);
  await eventually(() => assert.equal(partFiles(server.dataDir).length, 1), 15_000);
  return { server, deal, upload };
}

describe('operations', () => {
  test('a server killed with SIGKILL mid-upload leaves no temporary file once it is started again', async () => {
    const { server: first, deal, upload } = await serverWithUploadInFlight('ops-crash', 'Crash deal');
    process.kill(first.pid, 'SIGKILL');
    await first.exited();
    upload.destroy();
    assert.equal(partFiles(first.dataDir).length, 1, 'the crash left its temporary file');

    const second = await start('ops-crash', {}, { dataDir: first.dataDir });
    assert.deepEqual(partFiles(second.dataDir), [], 'the restart removed it');
    // The temporary file and the upload URL's attempt lock.
    assert.match(second.output(), /Removed 2 temporary files left by an interrupted run \(\d+ bytes\)/);
    const again = await loginUser(second, ADMIN_EMAIL, ADMIN_PASSWORD);
    const files = await listingApi(second, again.token, deal.id);
    assert.deepEqual(
      files.files.map((f) => f.name),
      [],
      'the unfinished upload shows nowhere',
    );
    await second.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  });

  test('a resumable upload survives a SIGKILL mid-chunk: after the restart it goes on from the offset and its SHA-256 is right', async () => {
    const first = await start('ops-crash-tus');
    const { token, deal } = await adminWithDeal(first, 'Crash tus deal');
    const bytes = randomBytes(6 * 1024 * 1024 + 4321);
    const grant = await uploadGrantApi(first, token, deal.id, 'data-tape.bin', 'application/octet-stream');
    const tusHeaders = { 'tus-resumable': '1.0.0', ...grant.resumable.headers };
    const created = await fetch(`${first.url}${grant.resumable.endpoint}`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(bytes.length) },
    });
    assert.equal(created.status, 201);
    const location = created.headers.get('location')!;
    const stored = join(first.dataDir, 'blobs', '.resumable', location.split('/').pop()!);

    // One PATCH for the whole file, of which only the first 3 MiB are sent before the server is killed.
    const sentBeforeKill = 3 * 1024 * 1024;
    const patch = request(`${first.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    patch.on('error', () => {});
    patch.write(bytes.subarray(0, sentBeforeKill));
    await eventually(() => assert.ok(statSync(stored).size >= 2 * 1024 * 1024, 'the server wrote part of the chunk'), 15_000);
    process.kill(first.pid, 'SIGKILL');
    await first.exited();
    patch.destroy();

    const second = await start('ops-crash-tus', {}, { dataDir: first.dataDir });
    const head = await fetch(`${second.url}${location}`, { method: 'HEAD', headers: tusHeaders });
    assert.equal(head.status, 200);
    const offset = Number(head.headers.get('upload-offset'));
    assert.ok(offset > 0 && offset <= sentBeforeKill, `the upload goes on from what was stored (${offset})`);
    const rest = await fetch(`${second.url}${location}`, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset),
    });
    assert.equal(rest.status, 204);
    assert.equal(rest.headers.get('upload-offset'), String(bytes.length));

    const again = await loginUser(second, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiCall(
      second,
      'POST',
      `/deals/${deal.id}/files/${grant.file_id}/upload-complete`,
      { file_size: bytes.length },
      again.token,
    );
    const versions = await apiCall<{ sha256: string }[] | { versions: { sha256: string }[] }>(
      second,
      'GET',
      `/deals/${deal.id}/files/${grant.file_id}/versions`,
      undefined,
      again.token,
    );
    const expected = createHash('sha256').update(bytes).digest('hex');
    assert.equal((Array.isArray(versions) ? versions : versions.versions)[0].sha256, expected, 'the recorded SHA-256');
    const { download_url } = await apiCall<{ download_url: string }>(
      second,
      'GET',
      `/deals/${deal.id}/files/${grant.file_id}/download-url`,
      undefined,
      again.token,
    );
    const downloaded = new Uint8Array(await (await fetch(`${second.url}${download_url}`)).arrayBuffer());
    assert.equal(createHash('sha256').update(downloaded).digest('hex'), expected, 'the downloaded bytes');
    await second.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  });

  test('a killed Postgres is restarted by the server; meanwhile the API answers 503 with Retry-After', async () => {
    const server = await start('ops-pg');
    const { token } = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const postmaster = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    const seen: { status: number; retryAfter: string | null; body: unknown }[] = [];
    await eventually(
      async () => {
        const res = await fetch(`${server.url}/api/health`);
        seen.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() });
        assert.ok(seen.at(-1)!.status === 200 && seen.some((s) => s.status === 503), 'not yet down and up again');
      },
      60_000,
      50,
    );
    const outage = seen.find((s) => s.status === 503)!;
    assert.equal(outage.retryAfter, '5');
    assert.deepEqual(outage.body, {
      status: 'unavailable',
      database: 'down',
      detail: 'The database is unavailable right now. Please try again in a few seconds.',
    });
    assert.ok(
      seen.every((s) => s.status === 200 || s.status === 503),
      `only 200 or 503, saw ${seen.map((s) => s.status)}`,
    );

    // The same server process answers again, with its data.
    process.kill(server.pid, 0);
    const deals = await apiCall<{ name: string }[]>(server, 'GET', '/deals', undefined, token);
    assert.ok(JSON.stringify(deals).includes('Project Atlas'));
    // The whole output: a slow restart leaves many health polls' lines after these two.
    assert.match(server.output(), /PostgreSQL stopped unexpectedly .*restarting it/);
    assert.match(server.output(), /PostgreSQL is running again/);
  });

  test('Postgres killed while the AI works: every queued file still gets its one suggestion', async () => {
    const server = await start('ops-ai');
    const { token } = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { deal } = await dealWithCategory(server, token, 'AI under faults', { name: 'Property' }, [
      { name: 'Real estate leases' },
      { name: 'Insurance policies' },
    ]);
    const N = 40;
    const ids: string[] = [];
    let killed = 0;
    const uploadLease = async (i: number) => {
      const form = new FormData();
      form.append('path', '/');
      form.append(
        'file',
        new Blob([`Lease ${i} of the office premises between the landlord and the tenant; rent and term.`], {
          type: 'text/plain',
        }),
        `Lease ${i}.txt`,
      );
      const res = await fetch(`${server.url}/api/deals/${deal.id}/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      assert.equal(res.status, 201, `upload ${i}: ${res.status}`);
      return ((await res.json()) as { file_id: string }).file_id;
    };
    for (let i = 0; i < N; i++) {
      // Postgres is killed after the tenth upload, while the worker is busy with the first ones; the
      // uploads refused meanwhile (503) are sent again once it is back, as a person would.
      if (i === 10) {
        killed = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(killed, 'SIGKILL');
      }
      ids.push(await eventually(() => uploadLease(i), 60_000, 250));
    }
    const pending = await eventually(
      async () => {
        const res = await fetch(`${server.url}/api/deals/${deal.id}/files/pending-review`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(res.status, 200, 'the database is back');
        const body = (await res.json()) as { total_count: number; pending_files: { file_id: string }[] };
        assert.equal(body.total_count, N, `${body.total_count} of ${N} files reviewed so far`);
        assert.equal(body.pending_files.length, N, 'the list and its count agree');
        return body;
      },
      150_000,
      500,
    );
    assert.deepEqual(new Set(pending.pending_files.map((f) => f.file_id)), new Set(ids));
    for (const id of ids.slice(0, 5)) {
      const analysis = await apiCall<{ status: string; recommended_item: { name: string } }>(
        server,
        'GET',
        `/deals/${deal.id}/files/${id}/ai-analysis`,
        undefined,
        token,
      );
      assert.equal(analysis.status, 'review');
      assert.equal(analysis.recommended_item.name, 'Real estate leases');
    }
    const now = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    assert.ok(killed > 0 && now !== killed, 'Postgres was killed and restarted');
  });

  test('SIGTERM stops the server and its Postgres within 5 s, even with an upload in flight', async () => {
    const { server, upload } = await serverWithUploadInFlight('ops-stop', 'Stop deal');
    const postmaster = Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(server.pid, 'SIGTERM');
    const took = await server.exited();
    upload.destroy();
    assert.ok(took < 5_500, `stopped in ${took} ms`);
    assert.throws(() => process.kill(postmaster, 0), 'Postgres is stopped too');
  });

  test('an idle keep-alive connection outlives the 5 s clients assume: a request on it 6 s later is served on it', async () => {
    const server = await start('ops-keep-alive');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<{ status: number; reused: boolean; keepAlive: string }>((resolve, reject) => {
        const req = request(`${server.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive']) }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await ask();
      assert.equal(first.status, 200);
      assert.match(first.keepAlive, /timeout=(\d+)/);
      assert.ok(Number(/timeout=(\d+)/.exec(first.keepAlive)![1]) >= 60, first.keepAlive);
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await ask();
      assert.deepEqual([second.status, second.reused], [200, true]);
    } finally {
      agent.destroy();
    }
  });

  test('logs are JSON lines with the request id and route pattern, never a signed URL; /metrics only with its token', async () => {
    const off = await start('ops-metrics-off');
    const closed = await fetch(`${off.url}/metrics`);
    assert.equal(closed.status, 404);
    await off.stop();

    const server = await start('ops-metrics', { METRICS_TOKEN: 'scrape-secret-123' });
    const { token, deal } = await adminWithDeal(server, 'Logged deal');
    const begun = await uploadGrantApi(server, token, deal.id, 'log.txt', 'text/plain');
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'log.txt');
    assert.equal((await fetch(`${server.url}${begun.upload_url}`, { method: 'POST', body: form })).status, 201);
    const answer = await fetch(`${server.url}/api/deals`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'probe-42' },
    });
    assert.equal(answer.headers.get('x-request-id'), 'probe-42');
    const minted = await fetch(`${server.url}/api/health`);
    assert.match(minted.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);

    await eventually(() => assert.match(server.log(), /probe-42/));
    const lines = server
      .log()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.ok(
      requests.some(
        (l) => l.request_id === 'probe-42' && l.route === '/api/deals' && l.status === 200 && typeof l.ms === 'number',
      ),
    );
    assert.ok(
      requests.some((l) => l.route === '/storage/v1/upload/:token' && l.status === 201),
      'the upload is logged by its route pattern',
    );
    const token64 = begun.upload_url.split('/').pop()!;
    assert.ok(!server.output().includes(token64), 'the signed upload token never reaches the log');
    assert.ok(!server.output().includes(token), 'the access token never reaches the log');

    assert.equal((await fetch(`${server.url}/metrics`)).status, 401);
    assert.equal((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
    const scraped = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-123' } });
    assert.equal(scraped.status, 200);
    const text = await scraped.text();
    assert.match(text, /^http_requests_total\{method="GET",route="\/api\/deals",status="200"\} [1-9]/m);
    assert.match(text, /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/deals",le="\+Inf"\} [1-9]/m);
    assert.match(text, /^dataroom_database_up 1$/m);
    // The upload above queued one analysis: it waits or runs, or the worker already finished it.
    const queued = Number(/^dataroom_ai_jobs_queued (\d+)$/m.exec(text)?.[1]);
    const running = Number(/^dataroom_ai_jobs_running (\d+)$/m.exec(text)?.[1]);
    assert.ok(queued + running <= 1 && queued >= 0 && running >= 0, `job queue depth reported: ${queued} + ${running}`);
    assert.match(text, /^process_resident_memory_bytes \d+$/m);
    assert.ok(!text.includes(token64), 'no signed token in a label');
  });
});
