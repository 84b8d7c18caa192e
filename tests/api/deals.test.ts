import { describe, expect, it } from 'vitest';
import { addMember, call, createDeal, registerUser, sql, type TestUser, newMember } from './helpers.ts';
import { expectError, login, setName } from './expect.ts';

const NOT_FOUND = "Deal not found or you don't have access to it.";

const list = async (user: TestUser, view?: string) => {
  const res = await call('GET', view === undefined ? '/deals' : `/deals?view=${view}`, { token: user.token });
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body as any[];
};

const auditRows = (dealId: string) => sql`
  select action, entity_type, performed_by, performed_by_email, old_values, new_values, changes
  from public.audit_logs where entity_id = ${dealId} order by created_at, action`;

describe('GET /deals', () => {
  it('lists the deal cards of the user with role, user count and recent activity', async () => {
    const owner = await registerUser('cards');
    await setName(owner, 'Olivia', 'Owner');
    const deal = await createDeal(owner, 'Card deal', 'blank');
    const contributor = await newMember(deal.id, 'contributor', 'cards-c');
    const viewer = await newMember(deal.id, 'viewer', 'cards-v');
    const inactive = await registerUser('cards-i');
    await sql`insert into public.deal_members (deal_id, user_id, role, status) values (${deal.id}, ${inactive.id}, 'viewer', 'inactive')`;

    const [card] = await list(owner, 'active');
    expect(card).toMatchObject({
      id: deal.id,
      name: 'Card deal',
      description: 'A deal',
      user_role: 'admin',
      user_count: 3,
      checklist_progress: {},
      recent_files: [],
    });
    expect(card.recent_activity).toHaveLength(1);
    expect(card.recent_activity[0]).toMatchObject({
      activity_type: 'deal_create',
      description: 'Created deal "Card deal"',
      user_first_name: 'Olivia',
      user_last_name: 'Owner',
      user_email: owner.email,
    });
    expect(Number.isNaN(Date.parse(card.recent_activity[0].created_at))).toBe(false);

    const [asContributor] = await list(contributor);
    expect(asContributor).toMatchObject({ id: deal.id, user_role: 'contributor', user_count: 3 });
    expect((await list(viewer))[0]).toMatchObject({ id: deal.id, user_role: 'viewer' });
    // Inactive and suspended members and strangers do not see the deal.
    expect(await list(inactive)).toEqual([]);
    expect(await list(await registerUser('cards-stranger'))).toEqual([]);
  });

  it('shows at most 2 recent activities, newest first, with their authors', async () => {
    const owner = await registerUser('recent');
    const member = await registerUser('recent-m');
    await setName(member, 'Mia', 'Member');
    const deal = await createDeal(owner, 'Busy deal');
    await addMember(deal.id, member, 'viewer');
    // Two events after the deal's creation (sign-ins are not deal activities: docs/decisions.md decision 23).
    for (const who of [owner, member]) {
      await sql`select private.record_activity(${deal.id}, ${who.id}, 'checklist_update', 'Updated the checklist', '{}'::jsonb)`;
    }

    const card = (await list(owner)).find((d) => d.id === deal.id);
    expect(card.recent_activity).toHaveLength(2);
    expect(card.recent_activity.map((a: any) => [a.activity_type, a.user_email])).toEqual([
      ['checklist_update', member.email],
      ['checklist_update', owner.email],
    ]);
    expect(card.recent_activity[0]).toMatchObject({ user_first_name: 'Mia', user_last_name: 'Member' });
    expect(Date.parse(card.recent_activity[0].created_at)).toBeGreaterThanOrEqual(Date.parse(card.recent_activity[1].created_at));
    // The full feed still has all three.
    const feed = await call('GET', `/deals/${deal.id}/activity`, { token: owner.token });
    expect(feed.body.map((a: any) => a.activity_type)).toEqual(['checklist_update', 'checklist_update', 'deal_create']);
  });

  it('checklist_progress is a map of section to {completed, total}', async () => {
    const user = await registerUser('progress');
    await createDeal(user, 'Default checklist', 'default');
    const [card] = await list(user);
    expect(card.checklist_progress).not.toBeNull();
    expect(Array.isArray(card.checklist_progress)).toBe(false);
    for (const value of Object.values(card.checklist_progress) as any[]) {
      expect(typeof value.completed).toBe('number');
      expect(typeof value.total).toBe('number');
      expect(value.completed).toBeLessThanOrEqual(value.total);
    }
    expect(Array.isArray(card.recent_files)).toBe(true);
  });

  it('separates active and archived deals; active is the default view', async () => {
    const user = await registerUser('views');
    const open = await createDeal(user, 'Open deal');
    const closed = await createDeal(user, 'Closed deal');
    expect((await call('PUT', `/deals/${closed.id}/archive`, { token: user.token })).status).toBe(200);

    expect((await list(user, 'active')).map((d) => d.id)).toEqual([open.id]);
    expect((await list(user)).map((d) => d.id)).toEqual([open.id]);
    const archived = await list(user, 'archived');
    expect(archived.map((d) => d.id)).toEqual([closed.id]);
    expect(archived[0].archived_at).not.toBeNull();
  });

  it('lists newest first', async () => {
    const user = await registerUser('order');
    const first = await createDeal(user, 'First');
    const second = await createDeal(user, 'Second');
    expect((await list(user)).map((d) => d.id)).toEqual([second.id, first.id]);
  });

  it.each(['deleted', 'ACTIVE', '', 'active,archived'])('answers 400 to view=%j', async (view) => {
    const user = await registerUser('badview');
    expectError(await call('GET', `/deals?view=${encodeURIComponent(view)}`, { token: user.token }), 400, /active.*archived/);
  });
});

describe('POST /deals', () => {
  it('creates a deal with its creator as owner and admin, name trimmed', async () => {
    const user = await registerUser('create');
    const res = await call('POST', '/deals', {
      token: user.token,
      body: { name: '  Project Falcon  ', description: 'Buy-side', checklist_preset: 'default' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Project Falcon',
      description: 'Buy-side',
      owner_id: user.id,
      user_role: 'admin',
      is_owner: true,
      permission_set: 'admin',
      checklist_preset: 'default',
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const members = await sql`select user_id, role, status from public.deal_members where deal_id = ${res.body.id}`;
    expect(members).toEqual([{ user_id: user.id, role: 'admin', status: 'active' }]);
    const [activity] = await sql`select activity_type, user_id from public.activities where deal_id = ${res.body.id}`;
    expect(activity).toEqual({ activity_type: 'deal_create', user_id: user.id });
  });

  it('defaults the preset to default and the description to empty', async () => {
    const user = await registerUser('defaults');
    const res = await call('POST', '/deals', { token: user.token, body: { name: 'Minimal' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Minimal', description: '', checklist_preset: 'default' });
    const nullDescription = await call('POST', '/deals', { token: user.token, body: { name: 'Null desc', description: null } });
    expect(nullDescription.body.description).toBe('');
  });

  it.each([
    ['blank', 'blank'],
    ['Default', 'default'],
    ['default', 'default'],
    ['DEFAULT', 'default'],
    ['Blank', 'blank'],
  ])('accepts the preset %s', async (preset, stored) => {
    const user = await registerUser('preset');
    const res = await call('POST', '/deals', { token: user.token, body: { name: 'P', checklist_preset: preset } });
    expect(res.status).toBe(201);
    expect(res.body.checklist_preset).toBe(stored);
  });

  it('refuses an unknown or inactive preset and creates nothing', async () => {
    const user = await registerUser('unknown-preset');
    expectError(
      await call('POST', '/deals', { token: user.token, body: { name: 'X', checklist_preset: 'no-such-preset' } }),
      400,
      /Unknown checklist preset "no-such-preset"/,
    );
    const inactive = `Retired ${Date.now()} ${Math.random()}`;
    await sql`insert into public.checklist_presets (name, active) values (${inactive}, false)`;
    try {
      expectError(
        await call('POST', '/deals', { token: user.token, body: { name: 'Y', checklist_preset: inactive } }),
        400,
        /Unknown checklist preset/,
      );
    } finally {
      await sql`delete from public.checklist_presets where name = ${inactive}`;
    }
    expect(await sql`select 1 from public.deals where owner_id = ${user.id}`).toHaveLength(0);
  });

  it.each<[string, unknown, string | RegExp]>([
    ['an empty name', { name: '' }, 'Please enter a deal name'],
    ['a blank name', { name: '   \t ' }, 'Please enter a deal name'],
    ['no name', { description: 'x' }, 'Please enter a deal name'],
    ['a null name', { name: null }, 'Please enter a deal name'],
    ['a numeric name', { name: 7 }, 'Please enter a deal name'],
    ['a 201-character name', { name: 'n'.repeat(201) }, /at most 200/],
    ['a 5001-character description', { name: 'ok', description: 'd'.repeat(5001) }, /at most 5000/],
    ['a numeric description', { name: 'ok', description: 5 }, /description must be a string/],
    ['an empty preset', { name: 'ok', checklist_preset: '' }, /checklist_preset/],
    ['a numeric preset', { name: 'ok', checklist_preset: 1 }, /checklist_preset must be a string/],
    ['a NUL in the name', { name: 'bad\u0000name' }, /./],
  ])('answers 400 to %s and creates nothing', async (_label, body, detail) => {
    const user = await registerUser('badcreate');
    expectError(await call('POST', '/deals', { token: user.token, body }), 400, detail);
    expect(await sql`select 1 from public.deals where owner_id = ${user.id}`).toHaveLength(0);
  });

  it('accepts a 200-character name', async () => {
    const user = await registerUser('longname');
    const res = await call('POST', '/deals', { token: user.token, body: { name: 'n'.repeat(200), checklist_preset: 'blank' } });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(200);
  });

  it.each(['{"name": "x"', 'name=x', '[]', 'null'])('answers 400 to the body %s', async (rawBody) => {
    const user = await registerUser('rawcreate');
    expectError(await call('POST', '/deals', { token: user.token, rawBody }), 400);
  });

  it('writes an audit row for the creation', async () => {
    const user = await registerUser('audit-create');
    const deal = await createDeal(user, 'Audited');
    const rows = await auditRows(deal.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'deal_created',
      entity_type: 'deal',
      performed_by: user.id,
      performed_by_email: user.email,
      old_values: null,
    });
    expect(rows[0].new_values).toMatchObject({ id: deal.id, name: 'Audited', owner_id: user.id });
  });
});

describe('GET /deals/{id}', () => {
  it('answers the deal with owner, the caller role and permission set', async () => {
    const owner = await registerUser('single');
    const deal = await createDeal(owner, 'Single');
    const contributor = await newMember(deal.id, 'contributor', 'single-c');
    const viewer = await newMember(deal.id, 'viewer', 'single-v');
    const admin = await newMember(deal.id, 'admin', 'single-a');

    const expected: [TestUser, string, string, boolean][] = [
      [owner, 'admin', 'admin', true],
      [admin, 'admin', 'admin', false],
      [contributor, 'contributor', 'edit', false],
      [viewer, 'viewer', 'upload_view', false],
    ];
    for (const [user, role, set, isOwner] of expected) {
      const res = await call('GET', `/deals/${deal.id}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: deal.id,
        name: 'Single',
        description: 'A deal',
        owner_id: owner.id,
        user_role: role,
        permission_set: set,
        is_owner: isOwner,
      });
    }
  });

  it('hides the deal from a suspended member', async () => {
    const owner = await registerUser('susp');
    const deal = await createDeal(owner, 'Suspension');
    const member = await newMember(deal.id, 'contributor', 'susp-m');
    expect((await call('GET', `/deals/${deal.id}`, { token: member.token })).status).toBe(200);
    await sql`update public.deal_members set status = 'suspended' where deal_id = ${deal.id} and user_id = ${member.id}`;
    expectError(await call('GET', `/deals/${deal.id}`, { token: member.token }), 404, NOT_FOUND);
    expect(await list(member)).toEqual([]);
  });
});

describe('PUT /deals/{id}', () => {
  it('lets an admin rename and describe the deal, trimmed, and audits it', async () => {
    const owner = await registerUser('edit');
    const deal = await createDeal(owner, 'Before');
    const res = await call('PUT', `/deals/${deal.id}`, {
      token: owner.token,
      body: { name: '  After ', description: 'New text' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: deal.id,
      name: 'After',
      description: 'New text',
      user_role: 'admin',
      owner_id: owner.id,
    });
    expect((await call('GET', `/deals/${deal.id}`, { token: owner.token })).body.name).toBe('After');

    const rows = await auditRows(deal.id);
    expect(rows.map((r) => r.action)).toEqual(['deal_created', 'deal_updated']);
    expect(rows[1]).toMatchObject({ performed_by: owner.id, performed_by_email: owner.email });
    expect(rows[1].changes).toEqual({
      name: { old: 'Before', new: 'After' },
      description: { old: 'A deal', new: 'New text' },
    });
  });

  it('keeps the description when none is sent', async () => {
    const owner = await registerUser('keepdesc');
    const deal = await createDeal(owner, 'Keep');
    const res = await call('PUT', `/deals/${deal.id}`, { token: owner.token, body: { name: 'Kept' } });
    expect(res.body).toMatchObject({ name: 'Kept', description: 'A deal' });
  });

  it('lets a second admin edit, and refuses contributors and viewers with 403', async () => {
    const owner = await registerUser('roles');
    const deal = await createDeal(owner, 'Roles');
    const admin = await newMember(deal.id, 'admin', 'roles-a');
    const contributor = await newMember(deal.id, 'contributor', 'roles-c');
    const viewer = await newMember(deal.id, 'viewer', 'roles-v');

    for (const user of [contributor, viewer]) {
      expectError(
        await call('PUT', `/deals/${deal.id}`, { token: user.token, body: { name: 'Hijacked' } }),
        403,
        /Only deal admins/,
      );
    }
    const [row] = await sql`select name from public.deals where id = ${deal.id}`;
    expect(row.name).toBe('Roles');
    expect((await auditRows(deal.id)).map((r) => r.action)).toEqual(['deal_created']);

    const res = await call('PUT', `/deals/${deal.id}`, { token: admin.token, body: { name: 'Renamed by admin' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed by admin', owner_id: owner.id, is_owner: false });
  });

  it.each<[string, unknown, string | RegExp]>([
    ['a blank name', { name: '  ' }, 'Please enter a deal name'],
    ['no name', { description: 'x' }, 'Please enter a deal name'],
    ['a numeric name', { name: 3 }, 'Please enter a deal name'],
    ['a too long description', { name: 'ok', description: 'd'.repeat(5001) }, /at most 5000/],
    ['malformed JSON', '{"name": ', /valid JSON/],
  ])('answers 400 to %s and changes nothing', async (_label, body, detail) => {
    const owner = await registerUser('badedit');
    const deal = await createDeal(owner, 'Unchanged');
    const opts = typeof body === 'string' ? { rawBody: body } : { body };
    expectError(await call('PUT', `/deals/${deal.id}`, { token: owner.token, ...opts }), 400, detail);
    const [row] = await sql`select name, description from public.deals where id = ${deal.id}`;
    expect(row).toEqual({ name: 'Unchanged', description: 'A deal' });
  });
});

describe('PUT /deals/{id}/archive', () => {
  it('archives for an admin: listed under archived, still readable, no longer editable', async () => {
    const owner = await registerUser('archive');
    const deal = await createDeal(owner, 'To archive');
    const res = await call('PUT', `/deals/${deal.id}/archive`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(deal.id);
    expect(Number.isNaN(Date.parse(res.body.archived_at))).toBe(false);

    expect((await list(owner, 'archived')).map((d) => d.id)).toContain(deal.id);
    expect((await list(owner, 'active')).map((d) => d.id)).not.toContain(deal.id);
    const read = await call('GET', `/deals/${deal.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.archived_at).toBe(res.body.archived_at);
    expect((await call('GET', `/deals/${deal.id}/dashboard/stats`, { token: owner.token })).status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}/activity`, { token: owner.token })).status).toBe(200);

    expectError(await call('PUT', `/deals/${deal.id}`, { token: owner.token, body: { name: 'Edited' } }), 409, /archived/);
    expectError(await call('PUT', `/deals/${deal.id}/archive`, { token: owner.token }), 409, /archived/);
    const [row] = await sql`select name, archived_at from public.deals where id = ${deal.id}`;
    expect(row.name).toBe('To archive');
    expect(row.archived_at.toISOString()).toBe(res.body.archived_at);

    const rows = await auditRows(deal.id);
    expect(rows.map((r) => r.action)).toEqual(['deal_created', 'deal_archived']);
    expect(rows[1]).toMatchObject({ performed_by: owner.id, performed_by_email: owner.email });
    expect(rows[1].changes.archived_at.old).toBeNull();
    expect(rows[1].changes.archived_at.new).not.toBeNull();
  });

  it('refuses contributors and viewers with 403 and leaves the deal active', async () => {
    const owner = await registerUser('noarchive');
    const deal = await createDeal(owner, 'Stays');
    const contributor = await newMember(deal.id, 'contributor', 'noarchive-c');
    const viewer = await newMember(deal.id, 'viewer', 'noarchive-v');
    for (const user of [contributor, viewer]) {
      expectError(await call('PUT', `/deals/${deal.id}/archive`, { token: user.token }), 403, /Only deal admins/);
    }
    const [row] = await sql`select archived_at from public.deals where id = ${deal.id}`;
    expect(row.archived_at).toBeNull();
    expect((await auditRows(deal.id)).map((r) => r.action)).toEqual(['deal_created']);
  });

  it('archived deals are visible to every member under archived', async () => {
    const owner = await registerUser('arch-members');
    const deal = await createDeal(owner, 'Shared archive');
    const viewer = await newMember(deal.id, 'viewer', 'arch-members-v');
    await call('PUT', `/deals/${deal.id}/archive`, { token: owner.token });
    expect((await list(viewer, 'archived')).map((d) => d.id)).toEqual([deal.id]);
    expect(await list(viewer, 'active')).toEqual([]);
  });
});

describe('access to a deal', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', `/deals/${id}`],
    ['PUT', `/deals/${id}`, { name: 'Taken over' }],
    ['PUT', `/deals/${id}/archive`],
    ['GET', `/deals/${id}/dashboard/stats`],
    ['GET', `/deals/${id}/activity`],
    ['GET', `/deals/${id}/files/pending-review`],
  ];

  it("answers a stranger 404 'Deal not found or you don't have access to it.' and changes nothing", async () => {
    const owner = await registerUser('private');
    const stranger = await registerUser('stranger');
    const deal = await createDeal(owner, 'Private');
    for (const [method, path, body] of routes(deal.id)) {
      expectError(await call(method, path, { token: stranger.token, body }), 404, NOT_FOUND);
    }
    const [row] = await sql`select name, archived_at from public.deals where id = ${deal.id}`;
    expect(row).toEqual({ name: 'Private', archived_at: null });
    expect((await auditRows(deal.id)).map((r) => r.action)).toEqual(['deal_created']);
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1", '00000000-0000-0000-0000-00000000000g', crypto.randomUUID()])(
    'answers 404 for the id %s',
    async (id) => {
      const user = await registerUser('badid');
      for (const [method, path, body] of routes(encodeURIComponent(id))) {
        expectError(await call(method, path, { token: user.token, body }), 404, NOT_FOUND);
      }
    },
  );
});

describe('GET /deals/{id}/dashboard/stats', () => {
  it('answers counts, progress and the latest 5 activities', async () => {
    const owner = await registerUser('stats');
    await setName(owner, 'Sam', 'Stats');
    const deal = await createDeal(owner, 'Stats deal', 'blank');
    const member = await newMember(deal.id, 'viewer', 'stats-m');
    for (let i = 0; i < 5; i++) {
      await sql`select private.record_activity(${deal.id}, ${owner.id}, 'checklist_update', ${`Update ${i}`}, '{}'::jsonb)`;
    }

    const res = await call('GET', `/deals/${deal.id}/dashboard/stats`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      files_uploaded: 0,
      files_pending_review: 0,
      files_processing: 0,
      files_queued: 0,
      files_approved: 0,
      team_members: 2,
      recent_activity_count: 6,
      overall_progress: { completed: 0, total: 0 },
      checklist_progress: {},
      recent_files: [],
    });
    expect(res.body.recent_activities).toHaveLength(5);
    expect(
      res.body.recent_activities.every((a: any) => a.activity_type === 'checklist_update' && a.user_first_name === 'Sam'),
    ).toBe(true);
    const times = res.body.recent_activities.map((a: any) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Activity older than 7 days is not counted as recent.
    await sql`update public.activities set created_at = now() - interval '8 days' where deal_id = ${deal.id} and activity_type = 'deal_create'`;
    const later = await call('GET', `/deals/${deal.id}/dashboard/stats`, { token: member.token });
    expect(later.body.recent_activity_count).toBe(5);
  });
});

describe('GET /deals/{id}/activity', () => {
  it('answers the feed newest first with authors, to members only', async () => {
    const owner = await registerUser('feed');
    await setName(owner, 'Fay', 'Feed');
    const deal = await createDeal(owner, 'Feed deal');
    const viewer = await newMember(deal.id, 'viewer', 'feed-v');
    await login(viewer.email);
    const other = await createDeal(owner, 'Other feed deal');

    const res = await call('GET', `/deals/${deal.id}/activity`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => [a.activity_type, a.user_email])).toEqual([
      ['login', viewer.email],
      ['deal_create', owner.email],
    ]);
    expect(res.body[1]).toMatchObject({
      description: 'Created deal "Feed deal"',
      user_first_name: 'Fay',
      user_last_name: 'Feed',
    });
    expect(res.body[1].metadata).toEqual({ deal_id: deal.id });
    // No line of another deal leaks in.
    expect(res.body.some((a: any) => a.metadata?.deal_id === other.id)).toBe(false);
  });
});

describe("the feed's sign-ins (docs/decisions.md decision 23)", () => {
  it('shows a member signing in again after joining, though the sign-ins were counted from before it', async () => {
    const owner = await registerUser('signin-owner');
    // Signed in before the deal existed; the sign-ins of the next hour add to that entry.
    await login(owner.email);
    const deal = await createDeal(owner, 'Sign-in deal');
    await login(owner.email);
    await login(owner.email);
    const res = await call('GET', `/deals/${deal.id}/activity`, { token: owner.token });
    const signIns = res.body.filter((a: any) => a.activity_type === 'login');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ user_email: owner.email, description: 'Signed in 3 times' });
  });
});

describe('GET /deals/{id}/files/pending-review', () => {
  it('answers an empty queue for a new deal, to every member', async () => {
    const owner = await registerUser('pending');
    const deal = await createDeal(owner, 'Pending');
    const viewer = await newMember(deal.id, 'viewer', 'pending-v');
    for (const user of [owner, viewer]) {
      const res = await call('GET', `/deals/${deal.id}/files/pending-review`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ pending_files: [], total_count: 0 });
    }
  });
});
