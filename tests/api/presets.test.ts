import { describe, expect, it } from 'vitest';
import { call, registerUser, sql } from './helpers.ts';
import { expectError, login } from './expect.ts';

const PATH = '/checklist-catalog/presets';

describe('GET /checklist-catalog/presets', () => {
  it('answers {presets, total_count} with Default first and marked as default', async () => {
    const user = await registerUser('presets');
    const res = await call('GET', `${PATH}?active_only=true&page=1&page_size=100`, { token: user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['presets', 'total_count']);
    const [{ n }] = await sql`select count(*)::int as n from public.checklist_presets where active`;
    expect(res.body.total_count).toBe(n);
    expect(res.body.presets).toHaveLength(n);
    expect(res.body.presets[0]).toMatchObject({ name: 'Default', is_default: true });
    expect(res.body.presets.filter((p: any) => p.is_default)).toHaveLength(1);
    for (const preset of res.body.presets) {
      expect(preset.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof preset.name).toBe('string');
      expect(typeof preset.description).toBe('string');
      expect(preset.active).toBe(true);
    }
    expect(res.body.presets.map((p: any) => p.name)).toContain('Blank');
  });

  it('pages through the list', async () => {
    const user = await registerUser('paging');
    const page1 = await call('GET', `${PATH}?active_only=true&page=1&page_size=1`, { token: user.token });
    const page2 = await call('GET', `${PATH}?active_only=true&page=2&page_size=1`, { token: user.token });
    expect(page1.body.presets).toHaveLength(1);
    expect(page2.body.presets).toHaveLength(1);
    expect(page2.body.presets[0].id).not.toBe(page1.body.presets[0].id);
    expect(page1.body.total_count).toBe(page2.body.total_count);
    expect(page1.body.total_count).toBeGreaterThanOrEqual(2);
    const beyond = await call('GET', `${PATH}?active_only=true&page=1000&page_size=100`, { token: user.token });
    expect(beyond.body).toEqual({ presets: [], total_count: page1.body.total_count });
  });

  it('searches by name, with % and _ taken literally', async () => {
    const user = await registerUser('search');
    const res = await call('GET', `${PATH}?active_only=true&search=defa`, { token: user.token });
    // Presets are global and other test files create some: assert the match rule, not the exact set.
    const names = res.body.presets.map((p: any) => p.name as string);
    expect(names).toContain('Default');
    expect(names.every((n: string) => n.toLowerCase().includes('defa'))).toBe(true);
    expect(res.body.total_count).toBe(names.length);
    const wildcard = await call('GET', `${PATH}?search=${encodeURIComponent('%')}`, { token: user.token });
    expect(wildcard.body).toEqual({ presets: [], total_count: 0 });
    const underscore = await call('GET', `${PATH}?search=${encodeURIComponent('_lank')}`, { token: user.token });
    expect(underscore.body.total_count).toBe(0);
  });

  it('hides inactive presets from members, shows them to super admins when asked', async () => {
    const user = await registerUser('inactive');
    const name = `Retired preset ${Date.now()} ${Math.random().toString(36).slice(2)}`;
    await sql`insert into public.checklist_presets (name, active) values (${name}, false)`;
    try {
      const search = `&search=${encodeURIComponent(name)}`;
      expect((await call('GET', `${PATH}?active_only=false${search}`, { token: user.token })).body).toEqual({
        presets: [],
        total_count: 0,
      });
      const admin = await login('admin@example.com', 'admin-password');
      const all = await call('GET', `${PATH}?active_only=false${search}`, { token: admin.body.access_token });
      expect(all.body.total_count).toBe(1);
      expect(all.body.presets[0]).toMatchObject({ name, active: false, is_default: false });
      const active = await call('GET', `${PATH}?active_only=true${search}`, { token: admin.body.access_token });
      expect(active.body.total_count).toBe(0);
    } finally {
      await sql`delete from public.checklist_presets where name = ${name}`;
    }
  });

  it.each([
    'page_size=0',
    'page_size=201',
    'page_size=abc',
    'page_size=1.5',
    'page_size=-5',
    'page_size=',
    'page=0',
    'page=-1',
    'page=x',
    'active_only=yes',
    'active_only=1',
    `search=${'s'.repeat(201)}`,
  ])('answers 400 to %s', async (query) => {
    const user = await registerUser('badquery');
    expectError(await call('GET', `${PATH}?${query}`, { token: user.token }), 400);
  });

  it('requires a signed-in user', async () => {
    expectError(await call('GET', `${PATH}?active_only=true&page=1&page_size=100`), 401);
  });
});
