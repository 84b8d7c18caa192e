/**
 * Accounts as an attacker would probe them, against the real server: the development outbox is not
 * served to other machines (it would hand out every sign-in link).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ADMIN_EMAIL, startServer, type TestServer } from './lib.ts';

const servers: TestServer[] = [];
after(async () => {
  for (const server of servers) await server.stop().catch(() => {});
});

describe('the development outbox', () => {
  test('a server listening beyond loopback does not serve it, and says so at start', async () => {
    const server = await startServer('outbox-public', { HOST: '0.0.0.0', NODE_ENV: 'production' });
    servers.push(server);
    const asked = await fetch(`${server.url}/api/auth/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    assert.equal(asked.status, 200);
    const outbox = await fetch(`${server.url}/dev/mail`);
    assert.equal(outbox.status, 404);
    assert.deepEqual(await outbox.json(), { detail: 'The development outbox is off on this server.' });
    assert.match(server.log(), /Outbox: +off: the server listens on 0\.0\.0\.0/);
    assert.match(server.log(), /PUBLIC_URL is not set: links in mail point to http:\/\/localhost:\d+/);
    assert.doesNotMatch(server.log(), /login\/magic\?token=/, 'no sign-in link in the log either');
  });

  test('on loopback alone it is served (a developer on their own machine), and in development beyond it', async () => {
    const local = await startServer('outbox-local');
    servers.push(local);
    await fetch(`${local.url}/api/auth/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    const page = await fetch(`${local.url}/dev/mail`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Your sign-in link/);
    assert.match(local.log(), /Outbox: +http:\/\/localhost:\d+\/dev\/mail/);
    await local.stop();

    const dev = await startServer('outbox-dev', { HOST: '0.0.0.0', NODE_ENV: 'development' });
    servers.push(dev);
    assert.equal((await fetch(`${dev.url}/dev/mail`)).status, 200);
  });
});
