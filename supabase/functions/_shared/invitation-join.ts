/**
 * Joining from an invitation link (docs/decisions.md decision 33). The link's token reached only the
 * invited mailbox, so registering or signing in through it proves the address at once: one e-mail in
 * all. The takeover rules of decision 30 still hold: a password set before the address was proved is
 * kept only when the person shows it is theirs, never when a stranger set it.
 */
import type { ApiDeps } from './context.ts';
import { HttpError } from './errors.ts';
import type { ClientInfo, SessionResult } from './ports.ts';
import type { AuthThrottle } from './throttle.ts';
import { sha256Hex } from './tokens.ts';
import type { InvitationLink } from './contracts/auth.ts';

export const INVITATION_LINK_INVALID =
  'This invitation link cannot be used to register or sign in: it was sent to another address, was answered or withdrawn, has expired, or a newer invitation e-mail replaced it. Open the link in the latest invitation e-mail, or ask for a new invitation.';

/** POST /auth/register for an address whose account is confirmed (with or without an invitation). */
export const ADDRESS_TAKEN = 'An account with this email already exists. Sign in instead.';

/**
 * Refuses (400, counted as a failed link) unless `link` carries the latest token mailed for a
 * pending, unexpired invitation to `email`, compared as answering through the link compares them
 * (private.respond_to_invitation): the lower-cased address and the token's SHA-256.
 */
export async function requireInvitationProof(
  sql: ApiDeps['sql'],
  throttle: AuthThrottle,
  client: string,
  link: InvitationLink,
  email: string,
): Promise<void> {
  await throttle.beforeVerify(client);
  const [found] = await sql`
    select 1 from public.invitations
    where id = ${link.id} and email = lower(${email}) and status = 'pending' and expires_at > now()
      and token_hash = ${await sha256Hex(link.token)}`;
  if (found) return;
  await throttle.verifyFailed(client);
  throw new HttpError(400, INVITATION_LINK_INVALID, { code: 'invitation_link_invalid' });
}

const accountOf = async (sql: ApiDeps['sql'], email: string) => {
  const [row] = await sql<{ id: string; confirmed: boolean }[]>`
    select id, email_confirmed_at is not null as confirmed from auth.users
    where email = lower(${email}) and deleted_at is null`;
  return row;
};

/**
 * Registers `email`, proved by its invitation link: a new account is confirmed at once. A registration
 * of the address not confirmed yet may be a stranger's: it is not kept. It is marked unproved (its
 * sessions and password are refused from then on) and confirmed through the trigger, then it gets the
 * invitee's password, loses its second factors and every session, and only then is the mark lifted,
 * so a failure half-way leaves it locked, never open. A confirmed address is never touched.
 */
export async function registerFromInvitation(
  deps: ApiDeps,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<SessionResult> {
  const { sql, auth } = deps;
  const existing = await accountOf(sql, email);
  if (!existing) {
    const session = await auth.createAccount(email, password, client);
    if (!session) throw new HttpError(400, ADDRESS_TAKEN);
    return session;
  }
  if (existing.confirmed) throw new HttpError(400, ADDRESS_TAKEN);
  const userId = existing.id;
  // Marked before anything changes, so its sessions are refused from here on; the trigger would mark
  // it on confirmation too, but not a registration without a password (GoTrue's unopened sign-in link).
  await sql`insert into private.unproved_passwords (user_id) values (${userId}) on conflict (user_id) do nothing`;
  await auth.confirmAddress(userId, false);
  await auth.setPassword(userId, password);
  await auth.removeFactors(userId);
  await sql`delete from private.mfa_recovery_codes where user_id = ${userId}`;
  await sql`delete from private.cleared_passwords where user_id = ${userId}`;
  const session = await auth.signInWithPassword(email, password, client);
  if (!session) throw new Error('the password just set does not sign in');
  const claims = await auth.verifyToken(session.access_token);
  if (!claims) throw new Error('the session just opened has no valid token');
  await auth.signOut({ claims, token: session.access_token }, 'others');
  await sql`select private.take_unproved_password(${userId})`;
  return session;
}

/**
 * Before a password sign-in through an invitation link: an account not confirmed yet whose password
 * this is belongs to its registrant, who now also proved the address, so it is confirmed with the
 * password kept. A wrong password changes nothing (the sign-in then fails as any other).
 */
export async function confirmOnSignIn(deps: ApiDeps, email: string, password: string): Promise<void> {
  const existing = await accountOf(deps.sql, email);
  if (!existing || existing.confirmed) return;
  if (!(await deps.auth.checkPassword(email, password))) return;
  await confirmForRegistrant(deps, existing.id);
}

/**
 * Confirms the address of an account whose registrant (its password, or a session of it, as decision 30
 * counts them) also holds the invitation link: the password is kept.
 */
export async function confirmForRegistrant(deps: ApiDeps, userId: string): Promise<void> {
  await deps.auth.confirmAddress(userId, true);
  // On Supabase GoTrue's update was marked (no setting of ours reaches it): the registrant proved it.
  await deps.sql`select private.take_unproved_password(${userId})`;
}
