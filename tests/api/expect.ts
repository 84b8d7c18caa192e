import { expect } from 'vitest';
import type { z } from 'zod';
import { call, createDeal, registerUser, sql, type CallResult, type TestUser } from './helpers.ts';

/** Every 4xx/5xx answer is JSON `{detail: string}` (docs/decisions.md decision 7). Returns the detail. */
export function expectError(res: CallResult, status: number, detail?: string | RegExp): string {
  expect(res.status, `body: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(typeof res.body).toBe('object');
  expect(typeof res.body?.detail).toBe('string');
  expect(res.body.detail.length).toBeGreaterThan(0);
  if (typeof detail === 'string') expect(res.body.detail).toBe(detail);
  else if (detail) expect(res.body.detail).toMatch(detail);
  return res.body.detail;
}

/**
 * A real answer checked against its contract (supabase/functions/_shared/contracts): the status, then the
 * schema's parse, which names the field that is missing, extra (strict schemas) or of the wrong type.
 */
export function expectAnswer<S extends z.ZodTypeAny>(res: CallResult, status: number, schema: S): z.infer<S> {
  expect(res.status, `body: ${JSON.stringify(res.body)}`).toBe(status);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success)
    expect.fail(`answer does not match its contract: ${parsed.error.message}\nbody: ${JSON.stringify(res.body)}`);
  return parsed.data;
}

export const PASSWORD = 'secret123';

/** The refusal of a password set before the address was confirmed (docs/decisions.md decision 30). */
export const PASSWORD_UNPROVED =
  'A password was set on this account before its email address was confirmed. To protect it, sign in with a link: "Email me a sign-in link" on the sign-in page. The old password will be removed and you can set your own.';

/** Invites `email` with upload_view to a new blank deal "Target Corp acquisition" of a new owner. */
export async function inviteToNewDeal(email: string, ownerLabel: string) {
  const owner = await registerUser(ownerLabel);
  const deal = await createDeal(owner, 'Target Corp acquisition', 'blank');
  const inv = await call('POST', `/deals/${deal.id}/invitations`, {
    token: owner.token,
    body: { email, permission_set_id: 'upload_view' },
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  return { owner, deal, invitationId: inv.body.id as string };
}

/** The token of the latest invitation mailed to `email` (its link's ?token=). */
export async function invitationLinkToken(email: string): Promise<string> {
  const [mail] = await sql<{ body: string }[]>`
    select body from private.mail_outbox where to_email = ${email} and subject like 'You''re invited%' order by id desc limit 1`;
  return new URL(/(http:\/\/localhost:3000\/invitations\/\S+)/.exec(mail.body)![1]).searchParams.get('token')!;
}

export async function login(email: string, password = PASSWORD) {
  return call('POST', '/auth/login', { body: { email, password } });
}

/** The newest sign-in link mailed to `email`, with its token. */
export async function latestMagicLink(email: string): Promise<{ link: string; token: string; body: string }> {
  const [mail] = await sql<{ body: string }[]>`
    select body from private.mail_outbox where to_email = ${email} order by id desc limit 1`;
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /(http:\/\/localhost:3000\/login\/magic\?token=([A-Za-z0-9_%.~-]+))/.exec(mail.body);
  if (!match) throw new Error(`no sign-in link in: ${mail.body}`);
  return { link: match[1], token: decodeURIComponent(match[2]), body: mail.body };
}

export async function activityTypes(dealId: string, userId?: string): Promise<string[]> {
  const rows = await sql<{ activity_type: string }[]>`
    select activity_type from public.activities
    where deal_id = ${dealId} and (${userId ?? null}::uuid is null or user_id = ${userId ?? null})
    order by created_at`;
  return rows.map((r) => r.activity_type);
}

export async function setName(user: TestUser, first_name: string, last_name: string) {
  const res = await call('PUT', '/user/profile', { token: user.token, body: { first_name, last_name } });
  expect(res.status).toBe(200);
}
