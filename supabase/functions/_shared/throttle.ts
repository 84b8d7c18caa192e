/**
 * Throttling of the account endpoints (docs/decisions.md decision 20), kept in the database so every
 * API process (and every edge isolate) sees the same counts. Limits are per client address and, for
 * passwords and second-factor codes, per (client address, account): an attacker slows themselves, the
 * account's owner elsewhere is not locked out. Above those, an account's failures from every client
 * together start a back-off for every client, which slows an attacker who rotates addresses but never
 * shuts the owner out for longer than it. Mail-sending endpoints are limited per address too.
 */
import type { Db } from './db.ts';
import { HttpError } from './errors.ts';

export interface AuthLimits {
  /** Failed passwords for one account from one client before the back-off starts (then 30 s, doubling, at most 15 min). */
  loginFailuresPerAccount: number;
  /** Failed passwords from one client, any account, per 15 minutes (password spraying). */
  loginFailuresPerClient: number;
  /** Sign-ups from one client per 5 minutes (GoTrue's default for sign-ins and sign-ups is 30). */
  registrationsPerClient: number;
  /** Sign-in and confirmation links to one address per 15 minutes. */
  linksPerAddress: number;
  /** Sign-in links requested by one client per 15 minutes. */
  linksPerClient: number;
  /** Wrong or used link tokens from one client per 15 minutes. */
  linkFailuresPerClient: number;
  /** Failed passwords for one account from all clients together before every client backs off (30 s, doubling, at most 15 min). */
  loginFailuresAcrossClients: number;
  /** Wrong second-factor codes (or recovery codes) for one account from one client per 15 minutes. */
  mfaFailuresPerAccount: number;
  /** Wrong codes for one account from all clients together before every client backs off (30 s, doubling, at most 15 min). */
  mfaFailuresAcrossClients: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccount: 5,
  loginFailuresPerClient: 30,
  registrationsPerClient: 30,
  linksPerAddress: 5,
  linksPerClient: 30,
  linkFailuresPerClient: 30,
  loginFailuresAcrossClients: 20,
  mfaFailuresPerAccount: 5,
  mfaFailuresAcrossClients: 20,
};

type Kind = 'login_failure' | 'register' | 'magic_link' | 'verify_failure' | 'mfa_failure';

/**
 * The address used when the network did not say who the client is. Limits per client are not applied
 * to it: lumping every such request together would let one of them lock out all the others. Limits per
 * account and per address still apply.
 */
export const UNKNOWN_CLIENT = 'unknown';

/** 429 with Retry-After and a message a person can act on. */
export function tooMany(seconds: number, what: string): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  const said = wait < 90 ? `${wait} second${wait === 1 ? '' : 's'}` : `${Math.ceil(wait / 60)} minutes`;
  return new HttpError(429, `${what} Try again in ${said}.`, undefined, { 'Retry-After': String(wait) });
}

export type AuthThrottle = ReturnType<typeof authThrottle>;

export function authThrottle(sql: Db, limits: AuthLimits) {
  /** Seconds until fewer than `limit` attempts of `kind` fall in the window; 0 when under it now. */
  const waitFor = async (kind: Kind, where: { client?: string; subject?: string }, limit: number, windowSeconds: number) => {
    // Per client alone, an unknown one is not counted; per client and account it is, as passwords are.
    if (where.client === UNKNOWN_CLIENT && !where.subject) return 0;
    const [row] = await sql<{ n: number; wait: number | null }[]>`
      select count(*)::int as n,
             extract(epoch from (min(at) + make_interval(secs => ${windowSeconds}) - now()))::float as wait
      from (select at from private.auth_attempts
            where kind = ${kind} and at > now() - make_interval(secs => ${windowSeconds})
              and (${where.client ?? null}::text is null or client = ${where.client ?? null})
              and (${where.subject ?? null}::text is null or subject = ${where.subject ?? null})
            order by at desc limit ${limit}) recent`;
    return row.n >= limit ? Math.max(1, row.wait ?? windowSeconds) : 0;
  };

  /**
   * Seconds left of a back-off that starts at the `threshold`-th failure of `kind` in a day (of one
   * client when `client` is given, else of every client together) and lasts 30 s after the latest
   * failure, doubling with each further one, at most 15 minutes; 0 when none is running.
   */
  const backoff = async (kind: Kind, subject: string, threshold: number, client?: string) => {
    const [row] = await sql<{ n: number; since: number | null }[]>`
      select count(*)::int as n, extract(epoch from now() - max(at))::float as since
      from private.auth_attempts
      where kind = ${kind} and subject = ${subject} and at > now() - interval '1 day'
        and (${client ?? null}::text is null or client = ${client ?? null})`;
    if (row.n < threshold) return 0;
    return Math.max(0, Math.min(15 * 60, 30 * 2 ** (row.n - threshold)) - (row.since ?? 0));
  };

  const record = async (kind: Kind, client: string, subject?: string) => {
    await sql`insert into private.auth_attempts (kind, client, subject) values (${kind}, ${client}, ${subject ?? null})`;
    // Keep the table small: a day of attempts is all any limit reads.
    if (Math.random() < 0.02) {
      await sql`delete from private.auth_attempts where id in (
                  select id from private.auth_attempts where at < now() - interval '1 day' limit 1000)`;
    }
  };

  return {
    /**
     * Before checking a password: this client's back-off for this account, its overall failures, then
     * the account's back-off across all clients.
     */
    async beforeLogin(client: string, email: string) {
      const mine = await backoff('login_failure', email, limits.loginFailuresPerAccount, client);
      if (mine > 0) throw tooMany(mine, 'Too many failed sign-in attempts for this account from here.');
      const spray = await waitFor('login_failure', { client }, limits.loginFailuresPerClient, 15 * 60);
      if (spray > 0) throw tooMany(spray, 'Too many failed sign-in attempts from this address.');
      const everyone = await backoff('login_failure', email, limits.loginFailuresAcrossClients);
      if (everyone > 0) throw tooMany(everyone, 'Too many failed sign-in attempts for this account.');
    },
    loginFailed: (client: string, email: string) => record('login_failure', client, email),
    /** A successful sign-in clears this client's failures for the account. */
    async loginSucceeded(client: string, email: string) {
      await sql`delete from private.auth_attempts where kind = 'login_failure' and client = ${client} and subject = ${email}`;
    },
    /** `mails`: the registration mails a confirmation (not one made from an invitation link). */
    async beforeRegister(client: string, email: string, mails = true) {
      const wait = await waitFor('register', { client }, limits.registrationsPerClient, 5 * 60);
      if (wait > 0) throw tooMany(wait, 'Too many sign-ups from this address.');
      if (mails) {
        const sent = await waitFor('magic_link', { subject: email }, limits.linksPerAddress, 15 * 60);
        if (sent > 0) throw tooMany(sent, 'Too many messages were sent to this address.');
      }
      await record('register', client, email);
      if (mails) await record('magic_link', client, email);
    },
    async beforeLink(client: string, email: string) {
      const perAddress = await waitFor('magic_link', { subject: email }, limits.linksPerAddress, 15 * 60);
      if (perAddress > 0) throw tooMany(perAddress, 'Too many sign-in links were sent to this address.');
      const perClient = await waitFor('magic_link', { client }, limits.linksPerClient, 15 * 60);
      if (perClient > 0) throw tooMany(perClient, 'Too many sign-in links were asked for from this address.');
      await record('magic_link', client, email);
    },
    async beforeVerify(client: string) {
      const wait = await waitFor('verify_failure', { client }, limits.linkFailuresPerClient, 15 * 60);
      if (wait > 0) throw tooMany(wait, 'Too many invalid sign-in links from this address.');
    },
    verifyFailed: (client: string) => record('verify_failure', client),
    /** Wrong codes from this client for this account, then the account's back-off across all clients. */
    async beforeMfaCode(client: string, userId: string) {
      const wait = await waitFor('mfa_failure', { client, subject: userId }, limits.mfaFailuresPerAccount, 15 * 60);
      if (wait > 0) throw tooMany(wait, 'Too many wrong codes.');
      const everyone = await backoff('mfa_failure', userId, limits.mfaFailuresAcrossClients);
      if (everyone > 0) throw tooMany(everyone, 'Too many wrong codes for this account.');
    },
    mfaCodeFailed: (client: string, userId: string) => record('mfa_failure', client, userId),
  };
}
