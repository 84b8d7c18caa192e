// HTTP edges: a deal the caller is not a member of is a 404 whatever the body, and a JSON body over the
// limit (or any body answered before it is read) does not poison the connection for the next request.
import { Agent, request } from 'node:http';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAL_NOT_FOUND } from '../../supabase/functions/_shared/errors.ts';
import { closeWhenBodyUnread } from '../../server/http-listener.ts';
import { app, call, createDeal, registerUser, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import { useLocalServer } from './local-server.ts';

let owner: TestUser;
let stranger: TestUser;
let dealId: string;

beforeAll(async () => {
  owner = await registerUser('edges-owner');
  stranger = await registerUser('edges-stranger');
  dealId = (await createDeal(owner, 'Edges deal', 'blank')).id;
});

const FILE = '00000000-0000-4000-8000-000000000001';
// Each with a body no route would accept.
const BAD_INPUT: [string, string, unknown][] = [
  ['PUT', `/deals/{deal}/files/${FILE}`, { approval_status: 'nonsense' }],
  ['PUT', `/deals/{deal}/files/${FILE}/metadata`, { date_range_start: '2024-13-45' }],
  ['PUT', `/deals/{deal}/files/${FILE}/permissions`, { type: 'sometimes' }],
  ['POST', '/deals/{deal}/folders', { name: 42, path: 7 }],
  ['POST', '/deals/{deal}/files/upload-url', { filename: 12 }],
  ['POST', '/deals/{deal}/checklist/categories', { name: '' }],
  ['POST', '/deals/{deal}/checklist/items', {}],
  ['POST', '/deals/{deal}/invitations', { email: 'not an address' }],
  ['POST', '/deals/{deal}/permissions/groups', { name: '' }],
  ['POST', '/deals/{deal}/users/bulk-update', { user_ids: 'all' }],
  ['PUT', '/deals/{deal}', { name: '' }],
  ['POST', '/checklist-catalog/add-to-deal/{deal}', { catalog_item_id: 'not an id' }],
];

describe('a deal the caller is not a member of', () => {
  it.each(BAD_INPUT)('%s %s with bad input is a 404 for a stranger, a 400 or 422 for the owner', async (method, path, body) => {
    const url = path.replace('{deal}', dealId);
    expectError(await call(method, url, { token: stranger.token, body }), 404, DEAL_NOT_FOUND);
    const own = await call(method, url, { token: owner.token, body });
    expect([400, 404, 422], JSON.stringify(own.body)).toContain(own.status);
    if (own.status === 404) expect(own.body.detail).not.toBe(DEAL_NOT_FOUND);
  });

  it('a malformed JSON body to another deal is a 404 too', async () => {
    expectError(
      await call('POST', `/deals/${dealId}/folders`, { token: stranger.token, rawBody: '{"name": ' }),
      404,
      DEAL_NOT_FOUND,
    );
  });
});

describe('a body refused on a kept-alive connection', () => {
  // Mounted at /api, as the embedded server mounts it.
  const served = useLocalServer(() => new Hono().use('*', closeWhenBodyUnread).route('/api', app));

  const sendOn = (agent: Agent, method: string, path: string, body?: string | Buffer, as = owner) =>
    new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: served.port,
          method,
          path,
          agent,
          headers: body ? { 'content-type': 'application/json', authorization: `Bearer ${as.token}` } : {},
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  type Send = (method: string, path: string, body?: string | Buffer, as?: TestUser) => ReturnType<typeof sendOn>;
  /** A test whose requests share one kept-alive connection, closed after it. */
  const onOneConnection = (work: (send: Send) => Promise<void>) => async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await work((method, path, body, as) => sendOn(agent, method, path, body, as));
    } finally {
      agent.destroy();
    }
  };

  it(
    'answers 413 with Connection: close, and the next request on the same agent is answered normally',
    onOneConnection(async (send) => {
      const big = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
      const first = await send('POST', `/api/deals/${dealId}/folders`, big);
      expect(first.status).toBe(413);
      expect(first.connection).toBe('close');
      expect(JSON.parse(first.body)).toEqual({ detail: 'The request body is larger than 65536 bytes.' });
      const second = await send('GET', '/api/health');
      expect(second.status).toBe(200);
      expect(JSON.parse(second.body)).toMatchObject({ status: 'ok' });
      // Under the /api mount too, a stranger's bad input to the deal is the deal's 404.
      const strangers = await fetch(`${served.origin}/api/deals/${dealId}/folders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stranger.token}` },
        body: '{"name": 5}',
      });
      expect(strangers.status).toBe(404);
      expect(await strangers.json()).toEqual({ detail: DEAL_NOT_FOUND });
    }),
  );

  it(
    'reads and drops a small body refused unread, so the answer comes on a connection that stays usable',
    onOneConnection(async (send) => {
      const refused = await send('POST', `/api/deals/${dealId}/files/upload`, Buffer.alloc(100 * 1024), stranger);
      expect(refused.status).toBe(404);
      expect(refused.connection).toBe('keep-alive');
      const next = await send('GET', '/api/health');
      expect(next.status).toBe(200);
    }),
  );

  it(
    'closes a connection whose large body was refused unread, and keeps one whose body was read',
    onOneConnection(async (send) => {
      // A stranger's upload is refused before its body is read: the Node adapter would drain 500 ms of it,
      // then close the socket under a client told it could reuse it.
      const refused = await send('POST', `/api/deals/${dealId}/files/upload`, Buffer.alloc(8 * 1024 * 1024), stranger);
      expect(refused.status).toBe(404);
      expect(refused.connection).toBe('close');
      const read = await send('POST', `/api/deals/${dealId}/folders`, JSON.stringify({ name: 'Kept alive', path: '/' }));
      expect(read.status).toBe(201);
      expect(read.connection).toBe('keep-alive');
      const next = await send('GET', '/api/health');
      expect(next.status).toBe(200);
    }),
  );
});
