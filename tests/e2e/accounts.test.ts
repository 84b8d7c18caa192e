/**
 * Accounts as an attacker would probe them, against the real server: the development outbox is not
 * served to other machines, nor through a reverse proxy on the same host (it would hand out every
 * sign-in link); the HTTP edges a Storage or GoTrue client or a proxy meets answer JSON.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, test } from 'node:test';
import { ADMIN_EMAIL, serverStarter, type TestServer } from './lib.ts';

const start = serverStarter();

/** Asks `server` for a sign-in link for the seeded admin, which lands in the outbox (when one is served). */
const askSignInLink = (server: TestServer) =>
  fetch(`${server.url}/api/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL }),
  });

describe('the development outbox', () => {
  test('a server listening beyond loopback does not serve it, and says so at start', async () => {
    const server = await start('outbox-public', { HOST: '0.0.0.0', NODE_ENV: 'production' });
    const asked = await askSignInLink(server);
    assert.equal(asked.status, 200);
    const outbox = await fetch(`${server.url}/dev/mail`);
    assert.equal(outbox.status, 404);
    assert.deepEqual(await outbox.json(), { detail: 'The development outbox is off on this server.' });
    assert.match(server.log(), /Outbox: +off: the server listens on 0\.0\.0\.0/);
    assert.match(server.log(), /PUBLIC_URL is not set: links in mail point to http:\/\/localhost:\d+/);
    assert.doesNotMatch(server.output(), /login\/magic\?token=/, 'no sign-in link in the log either');
  });

  test('on loopback alone it is served (a developer on their own machine), and in development beyond it', async () => {
    const local = await start('outbox-local');
    await askSignInLink(local);
    const page = await fetch(`${local.url}/dev/mail`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Your sign-in link/);
    assert.match(local.log(), /Outbox: +http:\/\/localhost:\d+\/dev\/mail/);
    await local.stop();

    const dev = await start('outbox-dev', { HOST: '0.0.0.0', NODE_ENV: 'development' });
    assert.equal((await fetch(`${dev.url}/dev/mail`)).status, 200);
  });
});

/** A raw request, so that Host and oversized headers go out as written. */
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type?: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('behind a reverse proxy on the same host', () => {
  let server: TestServer;
  test('the outbox lists no link to a forwarded request or one naming another host, only to a local one', async () => {
    server = await start('outbox-proxied');
    const asked = await askSignInLink(server);
    assert.equal(asked.status, 200);
    const local = `127.0.0.1:${server.port}`;
    const proxied: Record<string, string>[] = [
      { host: local, 'x-forwarded-for': '203.0.113.5' },
      { host: local, 'x-forwarded-host': 'dataroom.example.com' },
      { host: local, 'x-real-ip': '203.0.113.5' },
      { host: local, forwarded: 'for=203.0.113.5;proto=https' },
      { host: local, via: '1.1 caddy' },
      // A proxy that adds nothing but passes the public name on.
      { host: 'dataroom.example.com' },
      { host: `dataroom.example.com:${server.port}` },
    ];
    for (const headers of proxied) {
      const res = await rawGet(server.port, '/dev/mail', headers);
      assert.equal(res.status, 404, JSON.stringify(headers));
      assert.match(res.type ?? '', /application\/json/);
      assert.doesNotMatch(res.body, /login\/magic|sign-in link/i, JSON.stringify(headers));
    }
    for (const host of [local, `localhost:${server.port}`, `[::1]:${server.port}`, 'localhost']) {
      const res = await rawGet(server.port, '/dev/mail', { host });
      assert.equal(res.status, 200, host);
      assert.match(res.body, /Your sign-in link/);
    }
    assert.match(
      server.log(),
      /Outbox: +http:\/\/localhost:\d+\/dev\/mail +\(served only to requests made on this machine, not through a proxy/,
    );
  });

  test('a 100 KB header is answered 431 with JSON, not a reset', async () => {
    const res = await rawGet(server.port, '/api/health', {
      host: `127.0.0.1:${server.port}`,
      'x-padding': 'a'.repeat(100 * 1024),
    });
    assert.equal(res.status, 431);
    assert.match(res.type ?? '', /application\/json/);
    assert.deepEqual(JSON.parse(res.body), { detail: "The request's headers are larger than 16 KB." });
    // The server goes on serving.
    assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
  });

  test('unknown paths under /storage/v1/ and /auth/v1/ are JSON 404s, not the web app', async () => {
    for (const path of [
      '/storage/v1/object/deal-files/x.pdf',
      '/storage/v1/download',
      '/storage/v1',
      '/auth/v1/token?grant_type=password',
      '/auth/v1/user',
      '/auth/v1',
    ]) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${server.url}${path}`, { method });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.deepEqual(await res.json(), { detail: 'Not found' }, `${method} ${path}`);
      }
    }
    // The web app still answers its own routes.
    assert.match(await (await fetch(`${server.url}/deals`)).text(), /<!doctype html>/i);
  });
});
