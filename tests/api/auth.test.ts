import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql, uniqueEmail } from './helpers.ts';
import { activityTypes, expectError, latestMagicLink, login, PASSWORD } from './expect.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /auth/register', () => {
  it('creates an account and answers with a working token and the user', async () => {
    const email = uniqueEmail('reg');
    const res = await call('POST', '/auth/register', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe('string');
    expect(res.body.user).toMatchObject({ email, is_super_admin: false, first_name: '', last_name: '' });
    expect(res.body.user.id).toMatch(UUID);

    const [row] = await sql`select id, email, encrypted_password from auth.users where id = ${res.body.user.id}`;
    expect(row.email).toBe(email);
    expect(row.encrypted_password).toMatch(/^\$2[abxy]?\$10\$/); // bcrypt, cost 10, never the clear password
    expect(row.encrypted_password).not.toContain(PASSWORD);

    const me = await call('GET', '/user/profile', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);
  });

  it('trims and lower-cases the e-mail', async () => {
    const email = uniqueEmail('Case');
    const res = await call('POST', '/auth/register', { body: { email: `  ${email.toUpperCase()} \t`, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email.toLowerCase());
    const [row] = await sql`select u.email, p.email as profile_email from auth.users u join public.profiles p on p.id = u.id
                            where u.id = ${res.body.user.id}`;
    expect(row).toEqual({ email: email.toLowerCase(), profile_email: email.toLowerCase() });
    expect((await login(email.toLowerCase())).status).toBe(200);
  });

  it.each(['not-an-email', 'a@', '@example.com', 'two words@example.com', 'a@b@example.com', `${'x'.repeat(250)}@example.com`])(
    'refuses the malformed e-mail %s',
    async (email) => {
      const res = await call('POST', '/auth/register', { body: { email, password: PASSWORD } });
      expectError(res, 400, 'Please enter a valid email address');
    },
  );

  it('checks the password length on the server: at least 6 characters, at most 72 bytes', async () => {
    const [shortEmail, emptyEmail, longEmail] = [uniqueEmail('short'), uniqueEmail('empty'), uniqueEmail('long')];
    const short = await call('POST', '/auth/register', { body: { email: shortEmail, password: '12345' } });
    expectError(short, 400, 'Password must be at least 6 characters');
    const empty = await call('POST', '/auth/register', { body: { email: emptyEmail, password: '' } });
    expectError(empty, 400, 'Please enter your email and password');
    // bcrypt would silently ignore what follows byte 72: 40 'é' are 80 bytes.
    const long = await call('POST', '/auth/register', { body: { email: longEmail, password: 'é'.repeat(40) } });
    expectError(long, 400, /72 bytes/);
    const refused = await sql`select 1 from auth.users where email in (${shortEmail}, ${emptyEmail}, ${longEmail})`;
    expect(refused).toHaveLength(0);

    expect((await call('POST', '/auth/register', { body: { email: uniqueEmail('six'), password: '123456' } })).status).toBe(200);
    const maxEmail = uniqueEmail('max');
    expect((await call('POST', '/auth/register', { body: { email: maxEmail, password: 'a'.repeat(72) } })).status).toBe(200);
    expect((await login(maxEmail, 'a'.repeat(72))).status).toBe(200);
  });

  it('refuses an address that is already registered, in any case, without a second account', async () => {
    const user = await registerUser('dup');
    for (const email of [user.email, ` ${user.email.toUpperCase()} `]) {
      const res = await call('POST', '/auth/register', { body: { email, password: 'another-password' } });
      expectError(res, 400, /already exists/);
    }
    const rows = await sql`select id from auth.users where lower(email) = ${user.email}`;
    expect(rows.map((r) => r.id)).toEqual([user.id]);
    // The original password still works, the attempted one does not.
    expect((await login(user.email)).status).toBe(200);
    expect((await login(user.email, 'another-password')).status).toBe(401);
  });

  it.each<[string, { body?: unknown; rawBody?: string }]>([
    ['no e-mail', { body: { password: PASSWORD } }],
    ['no password', { body: { email: 'someone@example.com' } }],
    ['an empty object', { body: {} }],
  ])('answers 400 to %s with the documented message (docs/product.md §5)', async (_label, opts) => {
    expectError(await call('POST', '/auth/register', opts), 400, 'Please enter your email and password');
  });

  it.each<[string, { body?: unknown; rawBody?: string }, RegExp?]>([
    ['a numeric e-mail', { body: { email: 12345, password: PASSWORD } }, /email must be a string/],
    ['an array e-mail', { body: { email: ['a@example.com'], password: PASSWORD } }, /email must be a string/],
    ['a boolean password', { body: { email: 'b@example.com', password: true } }, /password must be a string/],
    ['a null password', { body: { email: 'b@example.com', password: null } }, /password must be a string/],
    ['malformed JSON', { rawBody: '{"email": "a@example.com",' }, /valid JSON/],
    ['plain text', { rawBody: 'email=a@example.com&password=secret123' }, /valid JSON/],
    ['an empty body', { rawBody: '' }, /valid JSON/],
    ['JSON null', { rawBody: 'null' }, /must be a JSON object/],
    ['a JSON array', { rawBody: '[]' }, /must be a JSON object/],
    ['a JSON string', { rawBody: '"a@example.com"' }, /must be a JSON object/],
    ['a NUL character in the password', { body: { email: 'nul@example.com', password: 'abc\u0000defgh' } }, undefined],
  ])('answers 400, never 500, to %s', async (_label, opts, detail) => {
    expectError(await call('POST', '/auth/register', opts), 400, detail);
  });
});

describe('POST /auth/login', () => {
  it('signs in with e-mail and password, whatever the case and spacing of the e-mail', async () => {
    const user = await registerUser('login');
    const res = await login(`  ${user.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.user.email).toBe(user.email);
    const me = await call('GET', '/user/profile', { token: res.body.access_token });
    expect(me.body.id).toBe(user.id);
    const [{ last_sign_in_at }] = await sql`select last_sign_in_at from auth.users where id = ${user.id}`;
    expect(last_sign_in_at).not.toBeNull();
  });

  it('gives one generic answer for an unknown e-mail and a wrong password', async () => {
    const user = await registerUser('generic');
    const wrong = await login(user.email, 'wrong-password');
    const unknown = await login(uniqueEmail('nobody'), 'wrong-password');
    const wrongDetail = expectError(wrong, 401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual({ detail: wrongDetail });
    expect(wrongDetail).not.toMatch(/password is wrong|no account|not found|unknown/i);
  });

  it.each<[string, { body?: unknown; rawBody?: string }, string | RegExp]>([
    ['no password', { body: { email: 'a@example.com' } }, 'Please enter your email and password'],
    ['an empty password', { body: { email: 'a@example.com', password: '' } }, 'Please enter your email and password'],
    ['no e-mail', { body: { password: 'x' } }, 'Please enter your email and password'],
    ['a bad e-mail', { body: { email: 'nope', password: 'x' } }, 'Please enter a valid email address'],
    ['a numeric password', { body: { email: 'a@example.com', password: 123456 } }, /password must be a string/],
    ['malformed JSON', { rawBody: '{' }, /valid JSON/],
    ['a NUL character in the password', { body: { email: 'a@example.com', password: 'a\u0000b' } }, /./],
  ])('answers 400 to %s', async (_label, opts, detail) => {
    expectError(await call('POST', '/auth/login', opts), 400, detail);
  });

  it("records a sign-in once, shown as 'login' in the feed of each open deal of the user; sign-ins within an hour are one entry", async () => {
    const user = await registerUser('activity');
    const a = await createDeal(user, 'Deal A');
    const b = await createDeal(user, 'Deal B');
    const archived = await createDeal(user, 'Deal C');
    expect((await call('PUT', `/deals/${archived.id}/archive`, { token: user.token })).status).toBe(200);
    const owner = await registerUser('activity-owner');
    const suspended = await createDeal(owner, 'Deal D');
    await sql`insert into public.deal_members (deal_id, user_id, role, status) values (${suspended.id}, ${user.id}, 'viewer', 'suspended')`;

    expect((await login(user.email)).status).toBe(200);
    // One row, whatever the number of deals; no copy among any deal's activities.
    expect(await sql`select times from public.sign_ins where user_id = ${user.id}`).toEqual([{ times: 1 }]);
    for (const deal of [a, b, archived, suspended]) expect(await activityTypes(deal.id, user.id)).not.toContain('login');
    const feedOf = async (dealId: string, token = user.token) =>
      (await call('GET', `/deals/${dealId}/activity`, { token })).body.map((e: any) => [e.activity_type, e.description]);
    expect(await feedOf(a.id)).toEqual([
      ['login', 'Signed in'],
      ['deal_create', 'Created deal "Deal A"'],
    ]);
    expect((await feedOf(b.id))[0]).toEqual(['login', 'Signed in']);
    expect(await feedOf(archived.id)).not.toContainEqual(['login', 'Signed in']);
    const ownerFeed = await feedOf(suspended.id, owner.token);
    expect(ownerFeed.some(([type]: string[]) => type === 'login')).toBe(false);

    // A failed attempt writes nothing; a second sign-in within the hour joins the first.
    expectError(await login(user.email, 'wrong-password'), 401);
    expect((await login(user.email)).status).toBe(200);
    expect(await sql`select times from public.sign_ins where user_id = ${user.id}`).toEqual([{ times: 2 }]);
    expect((await feedOf(a.id))[0]).toEqual(['login', 'Signed in 2 times']);
    // An hour later it is a new entry.
    // (as if all of it had happened two hours later than it did: the membership too)
    await sql`update public.deal_members set joined_at = joined_at - interval '3 hours' where user_id = ${user.id}`;
    await sql`update public.sign_ins set created_at = created_at - interval '2 hours', last_at = last_at - interval '2 hours'
              where user_id = ${user.id}`;
    expect((await login(user.email)).status).toBe(200);
    expect((await feedOf(a.id)).filter(([type]: string[]) => type === 'login')).toEqual([
      ['login', 'Signed in'],
      ['login', 'Signed in 2 times'],
    ]);
  });
});

describe('magic link', () => {
  it('answers identically for known and unknown addresses and mails a link to both', async () => {
    const user = await registerUser('magic-known');
    const unknownEmail = uniqueEmail('magic-unknown');
    const known = await call('POST', '/auth/magic-link', { body: { email: user.email } });
    const unknown = await call('POST', '/auth/magic-link', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(typeof known.body.message).toBe('string');

    for (const email of [user.email, unknownEmail]) {
      const { link, token } = await latestMagicLink(email);
      expect(link.startsWith('http://localhost:3000/login/magic?token=')).toBe(true);
      expect(token.length).toBeGreaterThanOrEqual(32);
    }
    // Only the token's hash is stored.
    const { token } = await latestMagicLink(user.email);
    const stored =
      await sql`select token_hash from private.magic_links where email = ${user.email} order by created_at desc limit 1`;
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Asking does not create an account.
    expect(await sql`select 1 from auth.users where email = ${unknownEmail}`).toHaveLength(0);
  });

  it('normalises the address and refuses a malformed one', async () => {
    const email = uniqueEmail('magic-norm');
    expect((await call('POST', '/auth/magic-link', { body: { email: ` ${email.toUpperCase()} ` } })).status).toBe(200);
    expect((await latestMagicLink(email)).token).toBeTruthy();
    expectError(
      await call('POST', '/auth/magic-link', { body: { email: 'not-an-email' } }),
      400,
      'Please enter a valid email address',
    );
    expectError(await call('POST', '/auth/magic-link', { body: {} }), 400);
    expectError(await call('POST', '/auth/magic-link', { rawBody: '{nope' }), 400, /valid JSON/);
  });

  it('signs an existing account in, once only', async () => {
    const user = await registerUser('magic-signin');
    const deal = await createDeal(user, 'Magic deal');
    await call('POST', '/auth/magic-link', { body: { email: user.email } });
    const { token } = await latestMagicLink(user.email);

    const res = await call('POST', '/auth/magic-link/verify', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.user.email).toBe(user.email);
    const me = await call('GET', '/user/profile', { token: res.body.access_token });
    expect(me.body.id).toBe(user.id);
    expect(await sql`select times from public.sign_ins where user_id = ${user.id}`).toEqual([{ times: 1 }]);

    const again = await call('POST', '/auth/magic-link/verify', { body: { token } });
    expectError(again, 400, /invalid, has expired or was already used/);
    expect(await sql`select times from public.sign_ins where user_id = ${user.id}`).toEqual([{ times: 1 }]);
    expect(await activityTypes(deal.id, user.id)).toEqual(['deal_create']);
  });

  it('creates the account of a new address, without a usable password', async () => {
    const email = uniqueEmail('magic-new');
    await call('POST', '/auth/magic-link', { body: { email } });
    const { token } = await latestMagicLink(email);
    const res = await call('POST', '/auth/magic-link/verify', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(res.body.user.is_super_admin).toBe(false);
    const rows = await sql`select u.id, u.encrypted_password, p.preferred_color from auth.users u
                           join public.profiles p on p.id = u.id where u.email = ${email}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(res.body.user.id);
    expect(rows[0].encrypted_password).toBeNull();
    expect(rows[0].preferred_color).toBe('#3B82F6');

    // No password signs this account in, and a second link reaches the same account.
    expectError(await login(email, 'any-password'), 401);
    await call('POST', '/auth/magic-link', { body: { email } });
    const second = await call('POST', '/auth/magic-link/verify', { body: { token: (await latestMagicLink(email)).token } });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(res.body.user.id);
    // Registering the address now is refused: it exists.
    expectError(await call('POST', '/auth/register', { body: { email, password: PASSWORD } }), 400, /already exists/);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('magic-expired');
    await call('POST', '/auth/magic-link', { body: { email } });
    const { token } = await latestMagicLink(email);
    await sql`update private.magic_links set expires_at = now() - interval '1 second' where email = ${email}`;
    expectError(await call('POST', '/auth/magic-link/verify', { body: { token } }), 400, /expired/);
    expect(await sql`select 1 from auth.users where email = ${email}`).toHaveLength(0);
  });

  it.each<[string, { body?: unknown; rawBody?: string }]>([
    ['a garbage token', { body: { token: 'garbage-token-that-was-never-issued' } }],
    ['an empty token', { body: { token: '' } }],
    ['a numeric token', { body: { token: 42 } }],
    ['an over-long token', { body: { token: 'x'.repeat(201) } }],
    ['no token', { body: {} }],
    ['malformed JSON', { rawBody: 'token=abc' }],
  ])('answers 400 to %s', async (_label, opts) => {
    expectError(await call('POST', '/auth/magic-link/verify', opts), 400);
  });
});
