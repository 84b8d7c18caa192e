/**
 * Every route the API serves, called by the deal's own admin with malformed input: bodies of the wrong
 * shape and types, strings with NUL bytes, numbers out of range, ids that are not uuids, broken JSON, and
 * query strings of the same kind. Bad input is the caller's mistake: each answer must be a 4xx with a
 * `detail` (or a success the input allows), never a 5xx. The routes come from the app itself, so a route
 * added later is swept too.
 */
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { fill, routesOfApp, tenant } from './sweep-lib.ts';

/** Field names the API's contracts use, each given a wrong value by every variant below. */
const FIELDS = [
  'name',
  'description',
  'email',
  'emails',
  'password',
  'current_password',
  'new_password',
  'first_name',
  'last_name',
  'company',
  'role',
  'status',
  'permission_set',
  'permission_set_id',
  'capabilities',
  'type',
  'file_ids',
  'item_ids',
  'user_ids',
  'group_ids',
  'tag_ids',
  'add_group_ids',
  'remove_group_ids',
  'add_tag_ids',
  'remove_tag_ids',
  'allowed_users',
  'denied_users',
  'allowed_groups',
  'denied_groups',
  'allowed_tags',
  'denied_tags',
  'folder_id',
  'category_id',
  'catalog_item_id',
  'checklist_items',
  'tags',
  'files',
  'path',
  'filename',
  'content_type',
  'file_size',
  'storage_path',
  'comment',
  'note',
  'action',
  'archived',
  'formatted_title',
  'position',
  'item_code',
  'anticipated_file_count',
  'required',
  'preset',
  'checklist_preset',
  'require_mfa',
  'refresh_token',
  'token',
  'code',
  'factor_id',
  'scope',
  'redirect_to',
  'target_folder_id',
  'new_name',
  'version',
  'expected_updated_at',
  'suggestion_id',
  'item_id',
];

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

/** Malformed bodies: the wrong shape altogether, then every known field with a wrong value. */
const BODIES: [string, unknown][] = [
  ['null', null],
  ['an array', [1, 'two', { three: 3 }]],
  ['a string', 'not an object'],
  ['a number', 42],
  ['numbers', everyField(-1)],
  ['huge numbers', everyField(1e308)],
  ['objects', everyField({ nested: { deeper: [1] } })],
  ['arrays of objects', everyField([{ id: 1 }, null])],
  ['NUL bytes', everyField('a\u0000b')],
  ['not uuids', everyField('not-a-uuid')],
  ['arrays of not uuids', everyField(['not-a-uuid', '../../etc/passwd'])],
  ['long strings', everyField('x'.repeat(2_000))],
  ['booleans', everyField(true)],
  ['nulls', everyField(null)],
];

/** Malformed query parameters: all at once, then each alone (one refused early hides the others). */
const QUERY_PARAMS = [
  'page=-1',
  'page=abc',
  'page_size=abc',
  'page_size=100000',
  'limit=1e9',
  'limit=-5',
  'before=%00%ff',
  'before=MjAyNnxub3Q',
  'after=%00',
  'sort=%27%3Bdrop',
  'kind=%00',
  'status=nope',
  'category_id=not-a-uuid',
  'search=%00%25_',
  `search=${'x'.repeat(3_000)}`,
  'path=..%2F..%2F',
  'path=%00',
  'folder_id=x',
  'q=%00',
  'type=%00',
  'item_ids=x',
  'file_ids=x',
  'include_archived=maybe',
  'version=-1',
];
const QUERIES = [`?${QUERY_PARAMS.join('&')}`, ...QUERY_PARAMS.map((param) => `?${param}`)];

const expectClientError = (what: string, status: number, body: unknown) => {
  expect(status, `${what} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400 && status !== 404 && status !== 405) {
    expect(typeof (body as { detail?: unknown })?.detail, `${what} answered ${status} without a detail`).toBe('string');
  }
};

describe('every route, called by the deal admin with malformed input', () => {
  it('answers a 4xx with a detail (or a success the input allows), never a 5xx, for bodies and query strings', async () => {
    const { r, ids } = await tenant('malformed', 'Mallory');
    // Signing out or ending the session would end the sweep; deleting or archiving the deal (a boolean
    // `archived` is valid input), its coverage. Deletes and archiving go last.
    const order = (method: string, path: string) => (method === 'DELETE' || path.endsWith('/archive') ? 1 : 0);
    const routes = routesOfApp()
      .filter(({ method, path }) => !/^\/auth\/(logout|sessions)/.test(path) || method === 'GET')
      .filter(({ method, path }) => !(method === 'DELETE' && path === '/deals/:dealId'))
      // The live event stream stays open as long as the token lives (its own tests read it).
      .filter(({ path }) => !path.endsWith('/events'))
      .sort((a, b) => order(a.method, a.path) - order(b.method, b.path));
    expect(routes.length).toBeGreaterThan(100);
    let calls = 0;
    for (const { method, path } of routes) {
      const url = fill(path, ids);
      if (method === 'GET' || method === 'DELETE') {
        for (const query of method === 'GET' ? QUERIES : QUERIES.slice(0, 1)) {
          const res = await call(method, `${url}${query}`, { token: r.owner.token });
          expectClientError(`${method} ${path}${query.slice(0, 80)}`, res.status, res.body);
          calls++;
        }
        continue;
      }
      for (const [label, body] of BODIES) {
        const res = await call(method, url, { token: r.owner.token, body });
        expectClientError(`${method} ${path} with ${label}`, res.status, res.body);
        calls++;
      }
      const broken = await call(method, url, { token: r.owner.token, rawBody: '{"name": "unterminated' });
      expectClientError(`${method} ${path} with broken JSON`, broken.status, broken.body);
      calls++;
    }
    expect(calls).toBeGreaterThan(2_000);
    // The admin's session survived whatever the sweep sent.
    expect((await call('GET', '/user/profile', { token: r.owner.token })).status).toBe(200);
  }, 300_000);
});
