import type { Db } from '../db.ts';
import * as OTPAuth from 'otpauth';
import type { AccountRecord, AuthPort, ClientInfo, MailPort, MfaFactor, SessionResult } from '../ports.ts';
import { randomToken, sha256Hex, verifyAccessToken } from '../tokens.ts';
import { insertAccount, passwordMatches as accountPasswordMatches } from './embedded-accounts.ts';
import { embeddedSessions } from './embedded-sessions.ts';
import { MAX_FACTORS, TOTP_PERIOD, totpOf } from './embedded-totp.ts';

const MAGIC_LINK_MINUTES = 15;

/**
 * Accounts in `auth.users` shaped like GoTrue's, bcrypt cost 10 through pgcrypto (GoTrue's format),
 * so they move to a Supabase project unchanged.
 */
/** The embedded accounts sign the person in at once: registering never waits on a confirmation. */
export type EmbeddedAuthPort = Omit<AuthPort, 'register'> & {
  register(...args: Parameters<AuthPort['register']>): Promise<SessionResult | undefined>;
};

export function embeddedAuth(opts: {
  sql: Db;
  mail: MailPort;
  jwtSecret: string;
  jwtExpirySeconds: number;
  /** A session not refreshed for this long ends (default 7 days). */
  sessionIdleSeconds?: number;
}): EmbeddedAuthPort {
  const { sql, mail, jwtSecret, jwtExpirySeconds } = opts;
  const sessions = embeddedSessions(sql, {
    jwtSecret,
    jwtExpirySeconds,
    sessionIdleSeconds: opts.sessionIdleSeconds ?? 7 * 86400,
  });
  const session = (user: AccountRecord, client?: ClientInfo) => sessions.open(user, client);
  const passwordMatches = (email: string, password: string) => accountPasswordMatches(sql, email, password);

  const factorOf = async (userId: string, factorId: string) => {
    const [factor] = await sql<{ id: string; secret: string; status: string; last_step: number | null; email: string }[]>`
      select f.id, f.secret, f.status, floor(extract(epoch from f.last_challenged_at) / ${TOTP_PERIOD})::int8 as last_step,
             coalesce(u.email, '') as email
      from auth.mfa_factors f join auth.users u on u.id = f.user_id
      where f.id = ${factorId} and f.user_id = ${userId} and f.factor_type = 'totp'`;
    return factor;
  };

  /**
   * A single-use link to `redirectTo?token=…`; opening it signs in and confirms the address. A
   * registration's confirmation (`confirmFor`) is bound to that account and marked `kind=confirm`, so
   * the page asks its opener for the registration's password unless they hold its session.
   */
  const mailLink = async (
    email: string,
    redirectTo: string,
    subject: string,
    intro: string,
    ignore: string,
    confirmFor?: string,
  ) => {
    const token = randomToken();
    await sql`
      insert into private.magic_links (token_hash, email, expires_at, purpose, user_id)
      values (${await sha256Hex(token)}, ${email}, now() + make_interval(mins => ${MAGIC_LINK_MINUTES}),
              ${confirmFor ? 'confirm' : 'sign_in'}, ${confirmFor ?? null})`;
    const link = `${redirectTo}?token=${encodeURIComponent(token)}${confirmFor ? '&kind=confirm' : ''}`;
    await mail.send({
      to: email,
      subject,
      body: `${intro} It works once and expires in ${MAGIC_LINK_MINUTES} minutes.\n\n${link}\n\n${ignore}`,
    });
  };

  return {
    async setPassword(userId, password) {
      await sql`update auth.users set encrypted_password = extensions.crypt(${password}::text, extensions.gen_salt('bf', 10)),
                                      updated_at = now()
                where id = ${userId}`;
    },
    async register(email, password, confirmRedirectTo, client) {
      // Not confirmed: a registration proves nothing about the address until its link is opened.
      const user = await insertAccount(sql, { email, password, confirmed: false });
      if (!user) return undefined;
      await mailLink(
        email,
        confirmRedirectTo,
        'Confirm your email address',
        'Someone registered this address with the data room. If it was you, use this link to confirm it (invitations sent to it appear once it is confirmed); it asks for the password you chose unless you open it in the browser you registered in.',
        'If you did not register, ignore this message: the address is confirmed only for the person who knows the password chosen at registration.',
        user.id,
      );
      return session(user, client);
    },

    async createAccount(email, password, client) {
      const user = await insertAccount(sql, { email, password, confirmed: true });
      return user ? session(user, client) : undefined;
    },

    async confirmAddress(userId, registrantProved) {
      await sql.begin(async (tx) => {
        if (registrantProved) await tx`select set_config('dataroom.registrant_proved', ${userId}, true)`;
        await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
                 where id = ${userId}`;
      });
    },

    async removeFactors(userId) {
      await sql`delete from auth.mfa_factors where user_id = ${userId}`;
    },

    async signInWithPassword(email, password, client) {
      const user = await passwordMatches(email, password);
      if (!user) return undefined;
      await sql`update auth.users set last_sign_in_at = now() where id = ${user.id}`;
      return session(user, client);
    },

    async checkPassword(email, password) {
      return (await passwordMatches(email, password)) !== undefined;
    },

    async reopen(caller, email, password, client) {
      const user = await passwordMatches(email, password);
      return user ? sessions.open(user, client, caller.claims.aal === 'aal2' ? 'aal2' : 'aal1') : undefined;
    },

    async refresh(refreshToken, client) {
      const outcome = await sessions.refresh(refreshToken, client);
      return outcome.ok ? outcome.session : outcome.reason;
    },

    async signOut(caller, scope) {
      const { sub, session_id: sessionId } = caller.claims;
      if (scope === 'local') {
        if (sessionId) await sessions.end(sub, sessionId);
      } else {
        await sessions.endAll(sub, scope === 'others' ? sessionId : undefined);
      }
    },

    async listFactors(caller) {
      return sql<MfaFactor[]>`
        select id, friendly_name, factor_type, status, created_at from auth.mfa_factors
        where user_id = ${caller.claims.sub} order by created_at`;
    },

    async enrollTotp(caller, friendlyName) {
      const userId = caller.claims.sub;
      // An enrolment never finished (the code was never entered) is replaced, as GoTrue does.
      await sql`delete from auth.mfa_factors where user_id = ${userId} and status = 'unverified'`;
      const [{ count }] = await sql<
        { count: number }[]
      >`select count(*)::int as count from auth.mfa_factors where user_id = ${userId}`;
      if (count >= MAX_FACTORS) throw new Error('too many factors');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const [factor] = await sql<{ id: string; email: string }[]>`
        insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
        values (extensions.gen_random_uuid(), ${userId}, ${friendlyName}, 'totp', 'unverified', now(), now(), ${secret})
        returning id, (select coalesce(email, '') from auth.users where id = ${userId}) as email`;
      return { id: factor.id, secret, uri: totpOf(secret, factor.email).toString() };
    },

    async verifyTotp(caller, factorId, code) {
      const { sub, session_id: sessionId } = caller.claims;
      if (!sessionId) return undefined;
      const factor = await factorOf(sub, factorId);
      if (!factor) return undefined;
      const now = Date.now();
      const delta = totpOf(factor.secret, factor.email).validate({ token: code, timestamp: now, window: 1 });
      if (delta === null) return undefined;
      const step = OTPAuth.TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta;
      // A code works once: one already accepted (or an older one) is refused, so an observed code is useless.
      const accepted = await sql`
        update auth.mfa_factors set status = 'verified', updated_at = now(),
               last_challenged_at = to_timestamp(${step * TOTP_PERIOD})
        where id = ${factor.id}
          and (last_challenged_at is null or last_challenged_at < to_timestamp(${step * TOTP_PERIOD}))
        returning id`;
      if (accepted.length === 0) return undefined;
      return sessions.elevate({ id: sub, email: factor.email }, sessionId, factor.id);
    },

    async unenrollFactor(caller, factorId) {
      const removed =
        await sql`delete from auth.mfa_factors where id = ${factorId} and user_id = ${caller.claims.sub} returning id`;
      return removed.length > 0;
    },

    async recoverWithCode(caller) {
      const { sub, email, session_id: sessionId } = caller.claims;
      return sessionId ? sessions.elevate({ id: sub, email }, sessionId, null) : undefined;
    },

    async sendMagicLink(email, redirectTo) {
      await mailLink(
        email,
        redirectTo,
        'Your sign-in link',
        'Use this link to sign in to the data room.',
        'If you did not ask for it, ignore this message.',
      );
    },

    async verifyMagicLink(token, client, proof) {
      const tokenHash = await sha256Hex(token);
      const [link] = await sql<{ email: string; purpose: 'sign_in' | 'confirm'; user_id: string | null }[]>`
        select email, purpose, user_id from private.magic_links
        where token_hash = ${tokenHash} and used_at is null and expires_at > now()`;
      if (!link) return undefined;
      // A registration's confirmation keeps its password only for its registrant; without proof the
      // link is not spent, so the registrant can still use it (docs/decisions.md decision 30).
      let registrantProved = false;
      if (link.purpose === 'confirm') {
        if (!link.user_id) return undefined;
        if (proof?.userId === link.user_id) registrantProved = true;
        else if (!proof?.password) return 'registrant_proof_required';
        else {
          const [row] = await sql<{ ok: boolean }[]>`
            select coalesce(u.encrypted_password, '') <> ''
                   and extensions.crypt(${proof.password}, u.encrypted_password) = u.encrypted_password as ok
            from auth.users u where u.id = ${link.user_id} and u.deleted_at is null`;
          if (!row?.ok) return 'wrong_password';
          registrantProved = true;
        }
      }
      const user = await sql.begin(async (tx) => {
        const used = await tx`
          update private.magic_links set used_at = now()
          where token_hash = ${tokenHash} and used_at is null and expires_at > now() returning email`;
        if (used.length === 0) return undefined;
        if (registrantProved) await tx`select set_config('dataroom.registrant_proved', ${link.user_id}, true)`;
        const existing = await tx<AccountRecord[]>`
          select id, email from auth.users
          where deleted_at is null and (case when ${link.user_id}::uuid is null then email = lower(${link.email})
                                             else id = ${link.user_id}::uuid end)`;
        const account =
          existing[0] ??
          (link.purpose === 'sign_in'
            ? await insertAccount(tx, { email: link.email, password: null, confirmed: true })
            : undefined);
        if (!account) return undefined;
        // The link reached this address: it is confirmed from now on (a password set before that, by
        // someone who did not prove it is theirs, is marked by the database and cleared by the API).
        await tx`update auth.users set last_sign_in_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now())
                 where id = ${account.id}`;
        return account;
      });
      if (!user) return undefined;
      return { ...(await session(user, client)), registrantProved };
    },

    async clearPassword(userId) {
      await sql`update auth.users set encrypted_password = null, updated_at = now() where id = ${userId}`;
    },

    verifyToken(token) {
      return verifyAccessToken(jwtSecret, token);
    },
  };
}
