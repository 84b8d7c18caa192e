import type { Db, Tx } from '../db.ts';
import type { AccountRecord } from '../ports.ts';

// Compared against when the e-mail is unknown, so both failures cost one bcrypt round.
const DUMMY_HASH = '$2a$10$CwTycUXWue0Thq9StjUM0uJ8.7DZr9p5dDxnjJ6mD2V7GdVjzJ8yW';

/**
 * Writes an account the way GoTrue does (its table has no defaults for these): an id, aud and role,
 * the address lower-cased, empty strings in the token columns GoTrue reads as strings, both metadata
 * objects and the timestamps. Undefined when the address is taken. The one writer of `auth.users`
 * outside GoTrue (the first super admin at start uses it too).
 */
export async function insertAccount(
  sql: Db | Tx,
  account: { email: string; password: string | null; confirmed: boolean },
): Promise<AccountRecord | undefined> {
  const { email, password, confirmed } = account;
  const rows = await sql<AccountRecord[]>`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            confirmation_token, recovery_token, email_change_token_new, email_change,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            lower(${email}),
            case when ${password}::text is null then null
                 else extensions.crypt(${password}::text, extensions.gen_salt('bf', 10)) end,
            case when ${confirmed} then now() end, '', '', '', '',
            '{"provider":"email","providers":["email"]}', '{}', now(), now())
    on conflict do nothing
    returning id, email`;
  return rows[0];
}

/** The account of this address when the password is its own; one bcrypt round either way. */
export async function passwordMatches(sql: Db | Tx, email: string, password: string): Promise<AccountRecord | undefined> {
  const rows = await sql<(AccountRecord & { ok: boolean })[]>`
    select u.id, u.email,
           extensions.crypt(${password}, coalesce(u.encrypted_password, ${DUMMY_HASH}))
             = coalesce(u.encrypted_password, '') as ok
    from (select lower(${email}::text) as email) wanted
    left join auth.users u on u.email = wanted.email and u.deleted_at is null`;
  const row = rows[0];
  return row?.id && row.ok ? { id: row.id, email: row.email } : undefined;
}
