import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail } from './helpers.ts';
import { expectError } from './expect.ts';
import { customSet, group, invite, mailsTo, peopleRoom, setMember, systemSetId, tag, type PeopleRoom } from './people-lib.ts';

const DAY = 24 * 3600 * 1000;

async function invitationRows(dealId: string) {
  return sql<
    {
      id: string;
      email: string;
      status: string;
      permission_set_id: string;
      group_ids: string[];
      tag_ids: string[];
      company: string | null;
      invited_by: string;
      expires_at: Date;
    }[]
  >`
    select id, email, status, permission_set_id, group_ids, tag_ids, company, invited_by, expires_at
    from public.invitations where deal_id = ${dealId} order by email`;
}

/** The invitation link of a mail body: its invitation, the address it carries and its token. */
function loginLink(body: string) {
  const match = /(http:\/\/localhost:3000\/invitations\/[0-9a-f-]{36}\?[^\s]+)/.exec(body);
  expect(match, body).not.toBeNull();
  const url = new URL(match![1]);
  const token = url.searchParams.get('token');
  expect(token?.length).toBeGreaterThanOrEqual(32);
  return { url, email: url.searchParams.get('email'), invitation: url.pathname.split('/').pop(), token };
}

const bulk = (r: PeopleRoom, body: Record<string, unknown>, token = r.owner.token) =>
  call('POST', `${r.base}/invitations/bulk`, { token, body: { permission_set_id: 'upload_view', ...body } });

describe('POST /deals/{id}/invitations (single)', () => {
  it('creates a pending invitation with set, groups, tags and company, and mails a link to it with the address and a token', async () => {
    const r = await peopleRoom('inv-single', 'Project Falcon');
    const g = await group(r, 'Buyers');
    const t = await tag(r, 'Round 1');
    const email = uniqueEmail('inv-single');
    const before = Date.now();
    const res = await call('POST', `${r.base}/invitations`, {
      token: r.owner.token,
      body: {
        email: `  ${email.toUpperCase()} `,
        permission_set_id: await systemSetId('approve_only'),
        group_ids: [g.id],
        tag_ids: [t.id],
        company: 'Falcon Capital',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email, status: 'pending' });
    const [row] = await invitationRows(r.deal.id);
    expect(row).toMatchObject({
      id: res.body.id,
      email,
      status: 'pending',
      permission_set_id: await systemSetId('approve_only'),
      group_ids: [g.id],
      tag_ids: [t.id],
      company: 'Falcon Capital',
      invited_by: r.owner.id,
    });
    const expires = new Date(row.expires_at).getTime();
    expect(expires).toBeGreaterThan(before + 7 * DAY - 60_000);
    expect(expires).toBeLessThan(Date.now() + 7 * DAY + 60_000);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Project Falcon');
    expect(mails[0].body).toContain('Project Falcon');
    const link = loginLink(mails[0].body);
    expect(link.email).toBe(email);
    expect(link.invitation).toBe(res.body.id);
    // Only the token's hash is kept.
    const [{ token_hash }] = await sql`select token_hash from public.invitations where id = ${res.body.id}`;
    expect(token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token_hash).not.toContain(link.token);
  });

  it('accepts a set by name and a custom set of the deal', async () => {
    const r = await peopleRoom('inv-sets');
    const custom = await customSet(r, 'Observers', ['view']);
    const a = await invite(r, uniqueEmail('inv-sets-a'), { permission_set_id: 'edit' });
    const b = await invite(r, uniqueEmail('inv-sets-b'), { permission_set_id: custom.id });
    const rows = Object.fromEntries((await invitationRows(r.deal.id)).map((x) => [x.id, x.permission_set_id]));
    expect(rows[a.id]).toBe(await systemSetId('edit'));
    expect(rows[b.id]).toBe(custom.id);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const r = await peopleRoom('inv-bad');
    const other = await peopleRoom('inv-bad-o');
    const foreignSet = await customSet(other, 'Foreign', ['view']);
    const fg = await group(other, 'Foreign');
    const ft = await tag(other, 'Foreign');
    const post = (body: Record<string, unknown>) => call('POST', `${r.base}/invitations`, { token: r.owner.token, body });
    expectError(await post({ permission_set_id: 'upload_view' }), 400, 'Please enter an email address');
    expectError(await post({ email: '   ', permission_set_id: 'upload_view' }), 400, 'Please enter an email address');
    for (const bad of ['not-an-email', 'a@', '@example.com', 'two words@example.com', 'a@b@example.com', 'a,b@example.com']) {
      expectError(await post({ email: bad, permission_set_id: 'upload_view' }), 400, /valid email/);
    }
    const email = uniqueEmail('inv-bad');
    expectError(await post({ email }), 400, 'Please select a permission set');
    expectError(await post({ email, permission_set_id: '' }), 400, 'Please select a permission set');
    expectError(await post({ email, permission_set_id: 'superpowers' }), 400, 'Please select a permission set');
    expectError(await post({ email, permission_set_id: foreignSet.id }), 400, 'Please select a permission set');
    expectError(await post({ email, permission_set_id: 'upload_view', group_ids: [fg.id] }), 400, /groups/);
    expectError(await post({ email, permission_set_id: 'upload_view', tag_ids: [ft.id] }), 400, /tags/);
    expectError(await post({ email, permission_set_id: 'upload_view', group_ids: ['x'] }), 400);
    expect(await invitationRows(r.deal.id)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an existing member and a second pending invitation with 409', async () => {
    const r = await peopleRoom('inv-dup');
    const m = await setMember(r, 'upload_view', 'inv-dup-m');
    expectError(
      await call('POST', `${r.base}/invitations`, {
        token: r.owner.token,
        body: { email: m.email.toUpperCase(), permission_set_id: 'edit' },
      }),
      409,
      /already a member/,
    );
    expectError(
      await call('POST', `${r.base}/invitations`, {
        token: r.owner.token,
        body: { email: r.owner.email, permission_set_id: 'edit' },
      }),
      409,
      /already a member/,
    );
    const email = uniqueEmail('inv-dup');
    await invite(r, email);
    expectError(
      await call('POST', `${r.base}/invitations`, {
        token: r.owner.token,
        body: { email: email.toUpperCase(), permission_set_id: 'edit' },
      }),
      409,
      /already invited/,
    );
    expect(await invitationRows(r.deal.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    // Another deal may invite the same address.
    const other = await peopleRoom('inv-dup-o');
    await invite(other, email);
  });
});

describe('POST /deals/{id}/invite (part 1 form)', () => {
  it('invites with a permission set name and company; upload_view is the default', async () => {
    const r = await peopleRoom('invite-p1', 'Part One Deal');
    const a = uniqueEmail('p1-a');
    const b = uniqueEmail('p1-b');
    let res = await call('POST', `${r.base}/invite`, {
      token: r.owner.token,
      body: { email: a, permission_set: 'approve_only', company: 'Hooli' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: a, status: 'pending' });
    res = await call('POST', `${r.base}/invite`, { token: r.owner.token, body: { email: b } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = Object.fromEntries((await invitationRows(r.deal.id)).map((x) => [x.email, x]));
    expect(rows[a]).toMatchObject({
      permission_set_id: await systemSetId('approve_only'),
      company: 'Hooli',
      group_ids: [],
      tag_ids: [],
    });
    expect(rows[b]).toMatchObject({ permission_set_id: await systemSetId('upload_view'), company: null });
    for (const email of [a, b]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(loginLink(mails[0].body).email).toBe(email);
    }
  });

  it('refuses a missing or bad address, an unknown set and a duplicate', async () => {
    const r = await peopleRoom('invite-p1-bad');
    const post = (body: Record<string, unknown>) => call('POST', `${r.base}/invite`, { token: r.owner.token, body });
    expectError(await post({}), 400, 'Please enter an email address');
    expectError(await post({ email: 'nobody' }), 400, /valid email/);
    expectError(await post({ email: 'x@' }), 400, /valid email/);
    expectError(await post({ email: uniqueEmail('p1-bad'), permission_set: 'owner' }), 400, 'Please select a permission set');
    expect(await invitationRows(r.deal.id)).toEqual([]);
    const email = uniqueEmail('p1-twice');
    expect((await post({ email })).status).toBe(201);
    expectError(await post({ email }), 409);
  });
});

describe('POST /deals/{id}/invitations/bulk', () => {
  it('invites every address of a comma/newline separated text once', async () => {
    const r = await peopleRoom('bulk-text');
    const g = await group(r, 'Batch');
    const t = await tag(r, 'Batch');
    const [a, b, c, d] = ['bt-a', 'bt-b', 'bt-c', 'bt-d'].map((l) => uniqueEmail(l));
    const text = `${a}, ${b}\n${c}\r\n\n${d},${a.toUpperCase()}\nJust a name,`;
    const res = await bulk(r, {
      emails: text,
      permission_set_id: await systemSetId('upload_only'),
      group_ids: [g.id],
      tag_ids: [t.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ created_count: 4, skipped: [] });
    const rows = await invitationRows(r.deal.id);
    expect(rows.map((x) => x.email)).toEqual([a, b, c, d].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'pending',
        permission_set_id: await systemSetId('upload_only'),
        group_ids: [g.id],
        tag_ids: [t.id],
      });
      const mails = await mailsTo(row.email);
      expect(mails).toHaveLength(1);
      expect(loginLink(mails[0].body).email).toBe(row.email);
    }
  });

  it('takes an array and reports members, pending invitations and invalid addresses as skipped', async () => {
    const r = await peopleRoom('bulk-array');
    const member = await setMember(r, 'upload_view', 'ba-member');
    const pending = uniqueEmail('ba-pending');
    await invite(r, pending);
    const fresh = uniqueEmail('ba-fresh');
    const res = await bulk(r, { emails: [member.email, pending, 'broken@', fresh, 'no-at-sign'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.created_count).toBe(1);
    expect(res.body.skipped).toHaveLength(3);
    const reasons = Object.fromEntries(res.body.skipped.map((s: any) => [s.email, s.reason]));
    expect(reasons[member.email]).toMatch(/already a member/);
    expect(reasons[pending]).toMatch(/already invited/);
    expect(reasons['broken@']).toMatch(/not a valid email/);
    expect((await invitationRows(r.deal.id)).map((x) => x.email)).toEqual([pending, fresh].sort());
    expect(await mailsTo(pending)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  it('refuses a list with no valid address: "Please enter at least one valid email address"', async () => {
    const r = await peopleRoom('bulk-none');
    for (const emails of [
      '',
      'no addresses, at all\njust names',
      ' , \n ',
      [],
      ['alice', 'bob'],
      'broken@, @broken',
      ['a@', '@b'],
    ]) {
      expectError(await bulk(r, { emails }), 400, 'Please enter at least one valid email address');
    }
    expect(await invitationRows(r.deal.id)).toEqual([]);
  });

  it('needs a permission set and valid groups and tags, and sends nothing otherwise', async () => {
    const r = await peopleRoom('bulk-valid');
    const other = await peopleRoom('bulk-valid-o');
    const fg = await group(other, 'Foreign');
    const email = uniqueEmail('bulk-valid');
    expectError(
      await call('POST', `${r.base}/invitations/bulk`, { token: r.owner.token, body: { emails: email } }),
      400,
      'Please select a permission set',
    );
    expectError(await bulk(r, { emails: email, permission_set_id: 'nope' }), 400, 'Please select a permission set');
    expectError(await bulk(r, { emails: email, group_ids: [fg.id] }), 400, /groups/);
    expectError(await bulk(r, { emails: 42 }), 400);
    expect(await invitationRows(r.deal.id)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('GET /deals/{id}/invitations', () => {
  it("lists the deal's invitations, newest first, with set name and expiry", async () => {
    const r = await peopleRoom('inv-list');
    const other = await peopleRoom('inv-list-o');
    await invite(other, uniqueEmail('inv-list-o'));
    const first = await invite(r, uniqueEmail('inv-list-1'), { permission_set_id: 'edit', company: 'One' });
    const second = await invite(r, uniqueEmail('inv-list-2'));
    await sql`update public.invitations set invited_at = now() - interval '1 hour' where id = ${first.id}`;
    await sql`update public.invitations set expires_at = now() - interval '1 minute' where id = ${second.id}`;
    const res = await call('GET', `${r.base}/invitations`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.map((i: any) => i.id)).toEqual([second.id, first.id]);
    expect(res.body[1]).toMatchObject({
      email: first.email,
      status: 'pending',
      permission_set_name: 'edit',
      company: 'One',
      is_expired: false,
      invited_by_email: r.owner.email,
    });
    expect(res.body[0]).toMatchObject({ email: second.email, permission_set_name: 'upload_view', is_expired: true });
    for (const key of ['invited_at', 'expires_at', 'group_ids', 'tag_ids']) expect(res.body[0]).toHaveProperty(key);
  });
});

describe('resend and revoke', () => {
  it('resend refreshes expires_at and sends a new mail', async () => {
    const r = await peopleRoom('inv-resend');
    const inv = await invite(r, uniqueEmail('inv-resend'));
    await sql`update public.invitations set expires_at = now() - interval '2 days', invited_at = now() - interval '9 days' where id = ${inv.id}`;
    const res = await call('POST', `${r.base}/invitations/${inv.id}/resend`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expires = new Date(res.body.expires_at).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    const [row] = await invitationRows(r.deal.id);
    expect(new Date(row.expires_at).getTime()).toBe(expires);
    expect(row.status).toBe('pending');
    const mails = await mailsTo(inv.email);
    expect(mails).toHaveLength(2);
    expect(loginLink(mails[1].body).email).toBe(inv.email);
    const list = await call('GET', `${r.base}/invitations`, { token: r.owner.token });
    expect(list.body[0].is_expired).toBe(false);
  });

  it("resend answers 404 for unknown, answered or other deals' invitations", async () => {
    const r = await peopleRoom('inv-resend-404');
    const other = await peopleRoom('inv-resend-404-o');
    const foreign = await invite(other, uniqueEmail('inv-resend-f'));
    const invitee = await registerUser('inv-resend-acc');
    const answered = await invite(r, invitee.email);
    expect((await call('POST', `/invitations/${answered.id}/accept`, { token: invitee.token })).status).toBe(200);
    for (const id of [foreign.id, answered.id, crypto.randomUUID(), 'nope']) {
      expectError(await call('POST', `${r.base}/invitations/${id}/resend`, { token: r.owner.token }), 404);
    }
    expect(await mailsTo(foreign.email)).toHaveLength(1);
    expect(await mailsTo(invitee.email)).toHaveLength(1);
  });

  it('revoke removes the invitation: gone from the list and from the invitee', async () => {
    const r = await peopleRoom('inv-revoke');
    const invitee = await registerUser('inv-revoke-i');
    const inv = await invite(r, invitee.email);
    const keep = await invite(r, uniqueEmail('inv-revoke-keep'));
    const res = await call('DELETE', `${r.base}/invitations/${inv.id}`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await call('GET', `${r.base}/invitations`, { token: r.owner.token });
    expect(list.body.map((i: any) => i.id)).toEqual([keep.id]);
    const mine = await call('GET', '/invitations/my-invitations', { token: invitee.token });
    expect(mine.body).toEqual([]);
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token }), 404);
    expectError(await call('DELETE', `${r.base}/invitations/${inv.id}`, { token: r.owner.token }), 404);
    // A revoked address can be invited again.
    await invite(r, invitee.email);
  });

  it("revoke cannot reach another deal's invitation", async () => {
    const r = await peopleRoom('inv-revoke-x');
    const other = await peopleRoom('inv-revoke-x-o');
    const foreign = await invite(other, uniqueEmail('inv-revoke-x'));
    expectError(await call('DELETE', `${r.base}/invitations/${foreign.id}`, { token: r.owner.token }), 404);
    expect(await invitationRows(other.deal.id)).toHaveLength(1);
  });
});
