// The deal's activity feed: newest first, read by keyset cursor (every entry once, ties broken by id),
// bad paging input refused with a detail, non-members 404, and activity about a file follows the file.
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { directOk, member, room } from './dataroom-lib.ts';

async function readAll(base: string, token: string, limit: number) {
  const seen: any[] = [];
  let before: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await call('GET', `${base}/activity?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`, {
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...res.body);
    if (res.body.length < limit) return seen;
    before = res.body[res.body.length - 1].cursor;
  }
  throw new Error('the feed never ended');
}

describe('GET /deals/:dealId/activity', () => {
  it('pages newest first through every entry exactly once, entries sharing a timestamp included', async () => {
    const r = await room('feed-pages');
    // 250 entries, in groups of five sharing one timestamp (a bulk change writes several at once).
    await sql`
      insert into public.activities (deal_id, user_id, activity_type, description, created_at)
      select ${r.deal.id}, ${r.owner.id}, 'checklist_update', 'Entry ' || n,
             now() - interval '1 hour' - (n / 5) * interval '1 second'
      from generate_series(1, 250) n`;
    const first = await call('GET', `${r.base}/activity`, { token: r.owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(first.body[0]).toMatchObject({ activity_type: 'deal_create', user_email: r.owner.email });
    expect(typeof first.body[0].cursor).toBe('string');

    const all = await readAll(r.base, r.owner.token, 40);
    const [{ total }] = await sql`select count(*)::int as total from public.activities where deal_id = ${r.deal.id}`;
    expect(all).toHaveLength(total);
    expect(new Set(all.map((a) => a.id)).size).toBe(total);
    // base64url without padding: safe in a query string as it is.
    expect(all.filter((a) => !/^[A-Za-z0-9_-]+$/.test(a.cursor))).toEqual([]);
    const times = all.map((a) => new Date(a.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a malformed cursor or limit with a detail, and answers 404 to a non-member', async () => {
    const r = await room('feed-input');
    expectError(
      await call('GET', `${r.base}/activity?before=not-a-cursor`, { token: r.owner.token }),
      400,
      /before must be the cursor/,
    );
    const forged = Buffer.from("2026-01-01 00:00:00+00|'; drop table x").toString('base64url');
    expectError(
      await call('GET', `${r.base}/activity?before=${forged}`, { token: r.owner.token }),
      400,
      /before must be the cursor/,
    );
    expectError(await call('GET', `${r.base}/activity?limit=0`, { token: r.owner.token }), 400, /limit must be at least 1/);
    expectError(await call('GET', `${r.base}/activity?limit=501`, { token: r.owner.token }), 400, /limit can be at most 500/);
    expectError(await call('GET', `${r.base}/activity?limit=ten`, { token: r.owner.token }), 400, /limit must be a number/);
    const stranger = await room('feed-stranger');
    expectError(
      await call('GET', `${r.base}/activity`, { token: stranger.owner.token }),
      404,
      "Deal not found or you don't have access to it.",
    );
    expectError(
      await call('GET', `${r.base}/activity?limit=0`, { token: stranger.owner.token }),
      404,
      "Deal not found or you don't have access to it.",
    );
  });

  it('shows activity about a file only to those who can see the file', async () => {
    const r = await room('feed-files');
    const viewer = await member(r, 'viewer');
    const up = await directOk(r, r.owner, { filename: 'Board minutes.pdf', path: '/' });
    const mentions = async (token: string) =>
      (await readAll(r.base, token, 100)).filter((a) => a.metadata?.file_id === up.fileId).length;
    expect(await mentions(r.owner.token)).toBeGreaterThan(0);
    expect(await mentions(viewer.token)).toBeGreaterThan(0);
    const denied = await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect(await mentions(viewer.token)).toBe(0);
    expect(await mentions(r.owner.token)).toBeGreaterThan(0);
  });
});
