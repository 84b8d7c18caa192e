/**
 * Sessions of the embedded platform, as GoTrue keeps them (docs/decisions.md decision 21): a sign-in
 * opens a row in `auth.sessions`; the browser holds a short access token (carrying `session_id` and
 * `aal`) and a refresh token. Refreshing spends the refresh token and hands out its successor; a spent
 * token presented again (a stolen copy, or the thief's after the owner refreshed) ends the whole
 * session, every token descended from that sign-in with it.
 */
import type { Db, Tx } from '../db.ts';
import type { AccountRecord, ClientInfo, RefreshFailure, SessionResult } from '../ports.ts';
import { issueAccessToken, randomToken, sha256Hex } from '../tokens.ts';

/** Two tabs refreshing at once both present the same token; the later one within this window is not theft. */
const REUSE_GRACE_SECONDS = 10;

export type AssuranceLevel = 'aal1' | 'aal2';

export interface SessionOptions {
  jwtSecret: string;
  jwtExpirySeconds: number;
  /** A session unused (not refreshed) for this long can no longer be refreshed. */
  sessionIdleSeconds: number;
}

export type RefreshOutcome = { ok: true; session: SessionResult } | { ok: false; reason: RefreshFailure };

async function tokenPair(
  tx: Tx | Db,
  opts: SessionOptions,
  user: AccountRecord,
  sessionId: string,
  aal: AssuranceLevel,
  parentHash: string | null,
): Promise<SessionResult> {
  const refresh = randomToken();
  await tx`insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
           values (${await sha256Hex(refresh)}, ${user.id}, false, now(), now(), ${parentHash}, ${sessionId})`;
  return {
    user,
    access_token: await issueAccessToken(opts.jwtSecret, user, opts.jwtExpirySeconds, { sessionId, aal }),
    refresh_token: refresh,
    expires_in: opts.jwtExpirySeconds,
  };
}

export function embeddedSessions(sql: Db, opts: SessionOptions) {
  return {
    /**
     * A new session, at `aal1` (a password or a link proved the first factor only) unless it continues
     * one that had proved the second (a password change from an aal2 session).
     */
    async open(user: AccountRecord, client: ClientInfo = {}, aal: AssuranceLevel = 'aal1'): Promise<SessionResult> {
      return sql.begin(async (tx) => {
        const [row] = await tx<{ id: string }[]>`
          insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
          values (extensions.gen_random_uuid(), ${user.id}, now(), now(), ${aal}, now() at time zone 'utc',
                  ${client.userAgent?.slice(0, 400) ?? null},
                  private.inet_or_null(${client.ip ?? null}))
          returning id`;
        return tokenPair(tx, opts, user, row.id, aal, null);
      }) as Promise<SessionResult>;
    },

    /** Spends `refreshToken` for a new pair, or says why not (a reuse ends the session). */
    async refresh(refreshToken: string, client: ClientInfo = {}): Promise<RefreshOutcome> {
      const hash = await sha256Hex(refreshToken);
      return sql.begin(async (tx) => {
        const [row] = await tx<
          {
            session_id: string;
            revoked: boolean;
            revoked_seconds_ago: number;
            user_id: string;
            email: string;
            aal: AssuranceLevel;
            idle: boolean;
          }[]
        >`
          select rt.session_id, rt.revoked, extract(epoch from now() - rt.updated_at)::float8 as revoked_seconds_ago,
                 u.id as user_id, coalesce(u.email, '') as email, coalesce(s.aal, 'aal1') as aal,
                 coalesce(s.refreshed_at, s.created_at at time zone 'utc')
                   < (now() at time zone 'utc') - make_interval(secs => ${opts.sessionIdleSeconds}) as idle
          from auth.refresh_tokens rt
          join auth.sessions s on s.id = rt.session_id
          join auth.users u on u.id = s.user_id and u.deleted_at is null
          where rt.token = ${hash}
          for update of s`;
        if (!row) return { ok: false, reason: 'invalid' } as const;
        if (row.revoked) {
          if (row.revoked_seconds_ago <= REUSE_GRACE_SECONDS) return { ok: false, reason: 'raced' } as const;
          await tx`delete from auth.sessions where id = ${row.session_id}`;
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.idle) {
          await tx`delete from auth.sessions where id = ${row.session_id}`;
          return { ok: false, reason: 'idle' } as const;
        }
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where token = ${hash}`;
        await tx`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(),
                   user_agent = coalesce(${client.userAgent?.slice(0, 400) ?? null}, user_agent),
                   ip = coalesce(private.inet_or_null(${client.ip ?? null}), ip)
                 where id = ${row.session_id}`;
        const session = await tokenPair(tx, opts, { id: row.user_id, email: row.email }, row.session_id, row.aal, hash);
        return { ok: true, session } as const;
      }) as Promise<RefreshOutcome>;
    },

    /** Raises a session to `aal2` (a second factor was proved) and hands out a new pair for it. */
    async elevate(user: AccountRecord, sessionId: string, factorId: string | null): Promise<SessionResult | undefined> {
      return sql.begin(async (tx) => {
        const updated = await tx`update auth.sessions set aal = 'aal2', factor_id = ${factorId}, updated_at = now()
                                 where id = ${sessionId} and user_id = ${user.id} returning id`;
        if (updated.length === 0) return undefined;
        // The pair issued before the second factor is spent: only the elevated one refreshes from now on.
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${sessionId} and not revoked`;
        return tokenPair(tx, opts, user, sessionId, 'aal2', null);
      }) as Promise<SessionResult | undefined>;
    },

    async end(userId: string, sessionId: string): Promise<void> {
      await sql`delete from auth.sessions where id = ${sessionId} and user_id = ${userId}`;
    },

    async endAll(userId: string, exceptSessionId?: string): Promise<void> {
      await sql`delete from auth.sessions where user_id = ${userId}
                and (${exceptSessionId ?? null}::uuid is null or id <> ${exceptSessionId ?? null}::uuid)`;
    },
  };
}

export type EmbeddedSessions = ReturnType<typeof embeddedSessions>;
