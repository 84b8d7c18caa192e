import type { Db } from '../db.ts';
import type { AccountRecord, AuthPort, MailPort, SessionResult } from '../ports.ts';
import { issueAccessToken, randomToken, sha256Hex, verifyAccessToken } from '../tokens.ts';

const MAGIC_LINK_MINUTES = 15;
// Compared against when the e-mail is unknown, so both failures cost one bcrypt round.
const DUMMY_HASH = '$2a$10$CwTycUXWue0Thq9StjUM0uJ8.7DZr9p5dDxnjJ6mD2V7GdVjzJ8yW';

/**
 * Accounts in `auth.users` shaped like GoTrue's, bcrypt cost 10 through pgcrypto (GoTrue's format),
 * so they move to a Supabase project unchanged.
 */
export function embeddedAuth(opts: {
  sql: Db;
  mail: MailPort;
  jwtSecret: string;
  jwtExpirySeconds: number;
}): AuthPort {
  const { sql, mail, jwtSecret, jwtExpirySeconds } = opts;

  const session = async (user: AccountRecord): Promise<SessionResult> => ({
    user,
    access_token: await issueAccessToken(jwtSecret, user, jwtExpirySeconds),
  });

  // `confirmed`: the address is proved (a magic link reached it); a registration with a password is not.
  const createAccount = async (email: string, password: string | null, confirmed: boolean): Promise<AccountRecord | undefined> => {
    const rows = await sql<AccountRecord[]>`
      insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at,
                              raw_app_meta_data, raw_user_meta_data)
      values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', ${email},
              case when ${password}::text is null then null
                   else extensions.crypt(${password}::text, extensions.gen_salt('bf', 10)) end,
              case when ${confirmed} then now() end, '{"provider":"email","providers":["email"]}', '{}')
      on conflict do nothing
      returning id, email`;
    return rows[0];
  };

  /** A single-use link to `redirectTo?token=…`; opening it signs in and confirms the address. */
  const mailLink = async (email: string, redirectTo: string, subject: string, intro: string) => {
    const token = randomToken();
    await sql`
      insert into private.magic_links (token_hash, email, expires_at)
      values (${await sha256Hex(token)}, ${email}, now() + make_interval(mins => ${MAGIC_LINK_MINUTES}))`;
    const link = `${redirectTo}?token=${encodeURIComponent(token)}`;
    await mail.send({
      to: email,
      subject,
      body: `${intro} It works once and expires in ${MAGIC_LINK_MINUTES} minutes.\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
    });
  };

  return {
    async setPassword(userId, password) {
      await sql`update auth.users set encrypted_password = extensions.crypt(${password}::text, extensions.gen_salt('bf', 10)),
                                      updated_at = now()
                where id = ${userId}`;
    },
    async register(email, password, confirmRedirectTo) {
      const user = await createAccount(email, password, false);
      if (!user) return undefined;
      await mailLink(email, confirmRedirectTo, 'Confirm your email address',
        'Use this link to confirm your email address for the data room (invitations sent to it appear once it is confirmed).');
      return session(user);
    },

    async signInWithPassword(email, password) {
      const rows = await sql<(AccountRecord & { ok: boolean })[]>`
        select u.id, u.email,
               extensions.crypt(${password}, coalesce(u.encrypted_password, ${DUMMY_HASH}))
                 = coalesce(u.encrypted_password, '') as ok
        from (select ${email}::text as email) wanted
        left join auth.users u on lower(u.email) = wanted.email and u.deleted_at is null`;
      const row = rows[0];
      if (!row?.id || !row.ok) return undefined;
      await sql`update auth.users set last_sign_in_at = now() where id = ${row.id}`;
      return session({ id: row.id, email: row.email });
    },

    async sendMagicLink(email, redirectTo) {
      await mailLink(email, redirectTo, 'Your sign-in link', 'Use this link to sign in to the data room.');
    },

    async verifyMagicLink(token) {
      const used = await sql<{ email: string }[]>`
        update private.magic_links set used_at = now()
        where token_hash = ${await sha256Hex(token)} and used_at is null and expires_at > now()
        returning email`;
      const email = used[0]?.email;
      if (!email) return undefined;
      const existing = await sql<AccountRecord[]>`
        select id, email from auth.users where lower(email) = ${email} and deleted_at is null`;
      const user = existing[0] ?? (await createAccount(email, null, true));
      if (!user) return undefined;
      // The link reached this address: it is confirmed from now on.
      await sql`update auth.users set last_sign_in_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now())
                where id = ${user.id}`;
      return session(user);
    },

    verifyToken(token) {
      return verifyAccessToken(jwtSecret, token);
    },
  };
}

/** Mail of the embedded platform: kept in an outbox table and printed to the log. */
export function outboxMail(sql: Db, log: (line: string) => void = console.log): MailPort {
  return {
    async send(message) {
      await sql`insert into private.mail_outbox (to_email, subject, body)
                values (${message.to}, ${message.subject}, ${message.body})`;
      log(`[mail] to ${message.to}: ${message.subject}\n${message.body}`);
    },
  };
}
