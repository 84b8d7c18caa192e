// Who read what (docs/decisions.md decision 46): views and page times recorded by the viewer, a file's
// viewers and the deal's analytics for admins and holders of manage_users, the CSV export, and the
// refusals: bad input 400, no right 403, someone else's view or an unseen file 404, non-members 404.
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, type TestUser } from './helpers.ts';
import { expectError, setName } from './expect.ts';
import { directOk, member, mkdir, room, type Room } from './dataroom-lib.ts';

/** A member whose rights come from a custom permission set of the deal. */
async function withSet(r: Room, label: string, capabilities: string[]): Promise<TestUser> {
  const user = await registerUser(label);
  const [set] = await sql`insert into public.permission_sets (deal_id, name, capabilities)
                          values (${r.deal.id}, ${`${label}-${Math.random().toString(36).slice(2, 8)}`}, ${capabilities})
                          returning id`;
  await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id)
            values (${r.deal.id}, ${user.id}, 'member', ${set.id})`;
  return user;
}

async function open(r: Room, user: TestUser, fileId: string, version = 1): Promise<string> {
  const res = await call('POST', `${r.base}/files/${fileId}/views`, { token: user.token, body: { version_number: version } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.view_id;
}

async function pages(r: Room, user: TestUser, viewId: string, entries: { page: number; seconds: number }[]) {
  return call('POST', `${r.base}/views/${viewId}/pages`, { token: user.token, body: { pages: entries } });
}

describe('recording views', () => {
  it('records a view of a file the caller can see, a view-only member included, and page times in batches', async () => {
    const r = await room('views-record');
    const { fileId } = await directOk(r, r.owner, { filename: 'SPA.pdf', path: '/' });
    const reader = await withSet(r, 'reader', ['view']);
    const viewId = await open(r, reader, fileId);
    expect(viewId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (
        await pages(r, reader, viewId, [
          { page: 1, seconds: 12.5 },
          { page: 2, seconds: 30 },
        ])
      ).status,
    ).toBe(204);
    expect((await pages(r, reader, viewId, [{ page: 2, seconds: 7.5 }])).status).toBe(204);
    const [row] =
      await sql`select count(*)::int as n, sum(seconds)::float8 as s from public.file_view_pages where view_id = ${viewId}`;
    expect(row).toEqual({ n: 3, s: 50 });
    const [activity] =
      await sql`select description, metadata from public.activities where deal_id = ${r.deal.id} and activity_type = 'view'`;
    expect(activity).toMatchObject({ description: 'Viewed "SPA.pdf"', metadata: { file_id: fileId, version: 1, path: '/' } });
    const feed = await call('GET', `${r.base}/activity`, { token: r.owner.token });
    expect(feed.body.map((e: any) => e.activity_type)).toContain('view');
  });

  it('refuses bad input with a detail and never writes part of a batch', async () => {
    const r = await room('views-input');
    const { fileId } = await directOk(r, r.owner, { filename: 'a.pdf', path: '/' });
    const url = `${r.base}/files/${fileId}/views`;
    expectError(await call('POST', url, { token: r.owner.token, body: {} }), 400, 'version_number is required');
    expectError(await call('POST', url, { token: r.owner.token, body: { version_number: 0 } }), 400, /at least 1/);
    expectError(await call('POST', url, { token: r.owner.token, body: { version_number: 1.5 } }), 400, /whole number/);
    expectError(await call('POST', url, { token: r.owner.token, rawBody: '{' }), 400, /valid JSON/);
    expectError(await call('POST', url, { token: r.owner.token, body: { version_number: 9 } }), 404, /Version 9/);
    const viewId = await open(r, r.owner, fileId);
    const bad = [
      [{ pages: [] }, /at least one/],
      [{ pages: [{ page: 1, seconds: 0 }] }, /more than 0/],
      [{ pages: [{ page: 1, seconds: 601 }] }, /at most 600/],
      [{ pages: [{ page: 0, seconds: 5 }] }, /at least 1/],
      [{ pages: [{ page: 'one', seconds: 5 }] }, /page must be a number/],
      [{ pages: Array.from({ length: 101 }, (_, i) => ({ page: i + 1, seconds: 1 })) }, /at most 100/],
      [
        {
          pages: [
            { page: 1, seconds: 5 },
            { page: 2, seconds: 999 },
          ],
        },
        /at most 600/,
      ],
    ] as const;
    for (const [body, detail] of bad) expectError(await pages(r, r.owner, viewId, body.pages as any), 400, detail);
    const [row] = await sql`select count(*)::int as n from public.file_view_pages where view_id = ${viewId}`;
    expect(row.n).toBe(0);
    expect(
      (
        await pages(
          r,
          r.owner,
          viewId,
          Array.from({ length: 100 }, (_, i) => ({ page: i + 1, seconds: 600 })),
        )
      ).status,
    ).toBe(204);
  });

  it("answers 404 for a file the caller cannot see, someone else's view, and a deal they are not in", async () => {
    const r = await room('views-refuse');
    const { fileId } = await directOk(r, r.owner, { filename: 'secret.pdf', path: '/' });
    const viewer = await member(r, 'viewer');
    const dropper = await withSet(r, 'dropper', ['upload']);
    await sql`update public.files set permission_type = 'custom' where id = ${fileId}`;
    await sql`insert into public.file_permissions (file_id, deal_id, denied_users) values (${fileId}, ${r.deal.id}, ${[viewer.id]})`;
    expectError(
      await call('POST', `${r.base}/files/${fileId}/views`, { token: viewer.token, body: { version_number: 1 } }),
      404,
      'File not found',
    );
    expectError(
      await call('POST', `${r.base}/files/${fileId}/views`, { token: dropper.token, body: { version_number: 1 } }),
      404,
      'File not found',
    );
    const ownerView = await open(r, r.owner, fileId);
    expectError(await pages(r, viewer, ownerView, [{ page: 1, seconds: 3 }]), 404, 'View not found');
    expectError(await pages(r, viewer, 'not-a-uuid', [{ page: 1, seconds: 3 }]), 404, 'View not found');
    const stranger = await registerUser('stranger');
    const notMember = "Deal not found or you don't have access to it.";
    expectError(
      await call('POST', `${r.base}/files/${fileId}/views`, { token: stranger.token, body: { version_number: 1 } }),
      404,
      notMember,
    );
    expectError(await call('POST', `${r.base}/files/${fileId}/views`, { token: stranger.token, body: {} }), 404, notMember);
    expectError(await pages(r, stranger, ownerView, [{ page: 1, seconds: 3 }]), 404, notMember);
    expectError(await call('GET', `${r.base}/analytics`, { token: stranger.token }), 404, notMember);
    expectError(await call('GET', `${r.base}/analytics.csv`, { token: stranger.token }), 404, notMember);
  });
});

describe('reading views', () => {
  it("shows a file's viewers to deal admins and manage_users only, with totals after batches", async () => {
    const r = await room('views-card');
    const { fileId } = await directOk(r, r.owner, { filename: 'Model.xlsx', path: '/' });
    const reader = await withSet(r, 'reader', ['view']);
    const manager = await withSet(r, 'manager', ['view', 'manage_users']);
    const viewer = await member(r, 'viewer');
    await setName(reader, 'Rita', 'Reader');
    const first = await open(r, reader, fileId);
    await pages(r, reader, first, [
      { page: 1, seconds: 10 },
      { page: 2, seconds: 20 },
    ]);
    const second = await open(r, reader, fileId);
    await pages(r, reader, second, [{ page: 1, seconds: 5 }]);
    await pages(r, reader, second, [{ page: 3, seconds: 5.5 }]);
    await open(r, viewer, fileId);

    for (const who of [r.owner, manager]) {
      const res = await call('GET', `${r.base}/files/${fileId}/views`, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rita = res.body.viewers.find((v: any) => v.user_id === reader.id);
      expect(rita).toMatchObject({ name: 'Rita Reader', email: reader.email, views: 2, seconds: 40.5 });
      expect(res.body.viewers.find((v: any) => v.user_id === viewer.id)).toMatchObject({ views: 1, seconds: 0 });
      expect(res.body.viewers[0].user_id).toBe(viewer.id); // most recent first
    }
    for (const who of [reader, viewer]) {
      expectError(
        await call('GET', `${r.base}/files/${fileId}/views`, { token: who.token }),
        403,
        /permission to see who viewed/,
      );
      expectError(await call('GET', `${r.base}/analytics`, { token: who.token }), 403, /permission to see who viewed/);
      expectError(await call('GET', `${r.base}/analytics.csv`, { token: who.token }), 403, /permission to see who viewed/);
    }
  });

  it('sums the deal analytics over a period: documents, members, top-level folders, a timeline', async () => {
    const r = await room('views-deal');
    await mkdir(r, r.owner, 'Finance');
    await mkdir(r, r.owner, '2024', '/Finance');
    const a = (await directOk(r, r.owner, { filename: 'P&L.pdf', path: '/Finance/2024' })).fileId;
    const b = (await directOk(r, r.owner, { filename: 'Teaser.pdf', path: '/' })).fileId;
    const reader = await withSet(r, 'reader', ['view']);
    const v1 = await open(r, reader, a);
    await pages(r, reader, v1, [{ page: 1, seconds: 60 }]);
    const v2 = await open(r, r.owner, a);
    await pages(r, r.owner, v2, [
      { page: 1, seconds: 30 },
      { page: 2, seconds: 30 },
    ]);
    const v3 = await open(r, reader, b);
    await pages(r, reader, v3, [{ page: 1, seconds: 15 }]);
    // An old view, outside a recent period.
    await sql`update public.file_views set started_at = now() - interval '40 days' where id = ${v3}`;

    const all = await call('GET', `${r.base}/analytics`, { token: r.owner.token });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.totals).toEqual({ views: 3, viewers: 2, documents: 2, seconds: 135 });
    expect(all.body.documents[0]).toMatchObject({
      file_id: a,
      name: 'P&L.pdf',
      path: '/Finance/2024',
      views: 2,
      viewers: 2,
      seconds: 120,
    });
    expect(all.body.members.find((m: any) => m.user_id === reader.id)).toMatchObject({ documents: 2, views: 2, seconds: 75 });
    expect(all.body.folders).toEqual([
      { folder: '/Finance', views: 2, seconds: 120 },
      { folder: '/', views: 1, seconds: 15 },
    ]);
    expect(all.body.unit).toBe('day');
    expect(all.body.timeline.reduce((n: number, t: any) => n + t.views, 0)).toBe(3);
    expect(all.body.timeline.length).toBeGreaterThanOrEqual(40);

    const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const week = await call('GET', `${r.base}/analytics?from=${from}&to=${to}`, { token: r.owner.token });
    expect(week.body.totals).toEqual({ views: 2, viewers: 2, documents: 1, seconds: 120 });
    expect(week.body.timeline).toHaveLength(8);
    const empty = await call('GET', `${r.base}/analytics?from=2001-01-01&to=2001-01-31`, { token: r.owner.token });
    expect(empty.body).toMatchObject({ totals: { views: 0, viewers: 0, documents: 0, seconds: 0 }, documents: [], members: [] });

    expectError(await call('GET', `${r.base}/analytics?from=yesterday`, { token: r.owner.token }), 400, /from must be a date/);
    expectError(await call('GET', `${r.base}/analytics?from=2026-02-30`, { token: r.owner.token }), 400, /from must be a date/);
    expectError(
      await call('GET', `${r.base}/analytics?from=2026-05-02&to=2026-05-01`, { token: r.owner.token }),
      400,
      'from must be before to.',
    );
  });

  it('exports a real CSV: a header row, quoted cells, an attachment', async () => {
    const r = await room('views-csv');
    const { fileId } = await directOk(r, r.owner, { filename: '=SUM(A1), final.pdf', path: '/' });
    const reader = await withSet(r, 'reader', ['view']);
    await setName(reader, 'Ann', 'O"Brien');
    const viewId = await open(r, reader, fileId);
    await pages(r, reader, viewId, [{ page: 1, seconds: 42 }]);
    const res = await call('GET', `${r.base}/analytics.csv`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="deal-analytics-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe('"Document","Folder","Member","Email","Views","Seconds","First viewed (UTC)","Last viewed (UTC)"');
    expect(lines[1]).toMatch(
      new RegExp(`^"'=SUM\\(A1\\), final\\.pdf","/","Ann O""Brien","${reader.email}","1","42","[^"]+Z","[^"]+Z"$`),
    );
    expect(lines).toHaveLength(3); // the header, one row, and the last line's end
  });
});
