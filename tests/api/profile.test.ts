import { describe, expect, it } from 'vitest';
import { call, registerUser, sql } from './helpers.ts';
import { expectError, login } from './expect.ts';

describe('GET /user/profile', () => {
  it('answers the signed-in user with the defaults', async () => {
    const before = Date.now();
    const user = await registerUser('profile');
    const res = await call('GET', '/user/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: '',
      last_name: '',
      title: '',
      preferred_color: '#3B82F6',
      is_super_admin: false,
    });
    const created = Date.parse(res.body.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 5_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('is_super_admin is true for the seeded admin@example.com only', async () => {
    const admin = await login('admin@example.com', 'admin-password');
    expect(admin.status).toBe(200);
    expect(admin.body.user.is_super_admin).toBe(true);
    const me = await call('GET', '/user/profile', { token: admin.body.access_token });
    expect(me.body).toMatchObject({ email: 'admin@example.com', is_super_admin: true });
    const [{ n }] = await sql`select count(*)::int as n from public.platform_admins a
                              join public.profiles p on p.id = a.user_id where p.email = 'admin@example.com'`;
    expect(n).toBe(1);
    const user = await registerUser('not-admin');
    expect((await call('GET', '/user/profile', { token: user.token })).body.is_super_admin).toBe(false);
  });

  it('answers 401 for a valid token of an account that no longer exists', async () => {
    const user = await registerUser('gone');
    await sql`delete from auth.users where id = ${user.id}`;
    expectError(await call('GET', '/user/profile', { token: user.token }), 401);
    expectError(await call('PUT', '/user/profile', { token: user.token, body: { first_name: 'Ghost' } }), 401);
  });
});

describe('PUT /user/profile', () => {
  it('updates names, title and colour, trimmed and with the colour in upper case', async () => {
    const user = await registerUser('edit');
    const res = await call('PUT', '/user/profile', {
      token: user.token,
      body: { first_name: '  Ada ', last_name: 'Lovelace ', title: ' Analyst', preferred_color: '#a1b2c3' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Analyst',
      preferred_color: '#A1B2C3',
      is_super_admin: false,
    });
    const again = await call('GET', '/user/profile', { token: user.token });
    expect(again.body).toEqual(res.body);
  });

  it('changes only the fields sent, and can clear a field with an empty string', async () => {
    const user = await registerUser('partial');
    await call('PUT', '/user/profile', {
      token: user.token,
      body: { first_name: 'Grace', last_name: 'Hopper', title: 'Admiral' },
    });
    const res = await call('PUT', '/user/profile', { token: user.token, body: { title: '' } });
    expect(res.body).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', title: '', preferred_color: '#3B82F6' });
    const empty = await call('PUT', '/user/profile', { token: user.token, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', title: '' });
  });

  it('accepts 100 characters per field and refuses 101', async () => {
    const user = await registerUser('lengths');
    const ok = await call('PUT', '/user/profile', {
      token: user.token,
      body: { first_name: 'f'.repeat(100), last_name: 'l'.repeat(100), title: 't'.repeat(100) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.first_name).toHaveLength(100);
    for (const [field, message] of [
      ['first_name', 'First name is too long'],
      ['last_name', 'Last name is too long'],
      ['title', 'Title is too long'],
    ]) {
      expectError(await call('PUT', '/user/profile', { token: user.token, body: { [field]: 'x'.repeat(101) } }), 400, message);
    }
    // Lengths are counted after trimming.
    expect((await call('PUT', '/user/profile', { token: user.token, body: { title: ` ${'t'.repeat(100)} ` } })).status).toBe(200);
  });

  it.each(['red', '#12345', '#1234567', '#GGGGGG', '3B82F6', '#3B82F6 ', 'rgb(0,0,0)', ''])(
    'refuses the colour %j',
    async (preferred_color) => {
      const user = await registerUser('colour');
      expectError(await call('PUT', '/user/profile', { token: user.token, body: { preferred_color } }), 400, /colour/);
      const [row] = await sql`select preferred_color from public.profiles where id = ${user.id}`;
      expect(row.preferred_color).toBe('#3B82F6');
    },
  );

  it.each<[string, unknown, string | RegExp]>([
    ['the e-mail', { email: 'hijack@example.com' }, /Unrecognized key/],
    ['is_super_admin', { is_super_admin: true }, /Unrecognized key/],
    ['id', { id: '00000000-0000-0000-0000-000000000000' }, /Unrecognized key/],
    ['created_at', { first_name: 'Eve', created_at: '2000-01-01T00:00:00Z' }, /Unrecognized key/],
    ['a numeric first name', { first_name: 42 }, 'first_name must be a string.'],
    ['a null last name', { last_name: null }, 'last_name must be a string.'],
    ['an object title', { title: { text: 'x' } }, 'title must be a string.'],
    ['a numeric colour', { preferred_color: 0x3b82f6 }, 'preferred_color must be a string.'],
    ['a NUL character', { first_name: 'Eve\u0000' }, /./],
  ])('refuses %s and changes nothing', async (_label, body, detail) => {
    const user = await registerUser('refuse');
    expectError(await call('PUT', '/user/profile', { token: user.token, body }), 400, detail);
    const [row] = await sql`select p.email, p.first_name, p.last_name, p.title, p.created_at, p.id,
                                   exists (select 1 from public.platform_admins a where a.user_id = p.id) as admin
                            from public.profiles p where p.id = ${user.id}`;
    expect(row).toMatchObject({ email: user.email, first_name: '', last_name: '', title: '', admin: false, id: user.id });
    expect(row.created_at.getFullYear()).toBeGreaterThan(2000);
  });

  it.each(['{"first_name": "Ada"', 'first_name=Ada', '[]', 'null', '"Ada"'])('answers 400 to the body %s', async (rawBody) => {
    const user = await registerUser('raw');
    expectError(await call('PUT', '/user/profile', { token: user.token, rawBody }), 400);
  });

  it("never changes another user's profile", async () => {
    const a = await registerUser('mine');
    const b = await registerUser('theirs');
    await call('PUT', '/user/profile', { token: a.token, body: { first_name: 'Alice' } });
    const [row] = await sql`select first_name from public.profiles where id = ${b.id}`;
    expect(row.first_name).toBe('');
  });
});
