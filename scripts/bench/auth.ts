/**
 * `npm run bench -- auth`: what signing in and staying signed in cost (docs/decisions.md decision 21).
 * Sign-in is one bcrypt comparison at cost 10 plus a new session; a refresh spends one refresh token
 * and writes its successor; the check every API call makes (the token's signature locally, then its
 * session, cutoff and second factor in one indexed query) is measured as the difference between the
 * same trivial route with and without it.
 */
import { Hono } from 'hono';
import { requireUser } from '../../supabase/functions/_shared/middleware.ts';
import type { ApiDeps, ApiEnv } from '../../supabase/functions/_shared/context.ts';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

type Row = [string, string, string];

export async function authBench(): Promise<Row[]> {
  const bench = await benchApi('bench-auth');
  const { sql, app } = bench;
  try {
    const email = 'auth-bench@example.com';
    await bench.session(email);
    // Other people's sessions, so the session lookup reads a table of realistic size.
    await sql`insert into auth.users (instance_id, id, aud, role, email)
              select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'someone' || n || '@bench.example'
              from generate_series(1, 20000) n`;
    await sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal)
              select gen_random_uuid(), u.id, now(), now(), 'aal1' from auth.users u, generate_series(1, 5) where u.email like 'someone%'`;
    await sql`analyze`;

    const login = async () => {
      const res = await app.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password' }),
      });
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const signIns = await timeMany(30, login);

    let pair = await login();
    const refreshes = await timeMany(300, async () => {
      const res = await app.request('/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: pair.refresh_token }),
      });
      pair = (await res.json()) as typeof pair;
    });

    // The same route, bare and behind the sign-in check, on the same database.
    const deps = {
      sql,
      mail: outboxMail(sql, () => {}),
      blobs: bench.blobs,
      auth: embeddedAuth({
        sql,
        mail: outboxMail(sql, () => {}),
        jwtSecret: 'bench-secret-bench-secret-bench',
        jwtExpirySeconds: 3600,
      }),
      config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost', maxJsonBytes: 1 << 20, maxUploadBytes: 1 << 30 },
    } satisfies ApiDeps;
    const bare = new Hono<ApiEnv>().get('/ping', (c) => c.text('ok'));
    const guarded = new Hono<ApiEnv>().use('*', requireUser(deps)).get('/ping', (c) => c.text('ok'));
    const headers = { authorization: `Bearer ${pair.access_token}` };
    if ((await guarded.request('/ping', { headers })).status !== 200) throw new Error('the bench token was refused');
    // Interleaved, so drift in the machine's load falls on both alike.
    const bareSamples: number[] = [];
    const guardedSamples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      bareSamples.push(...(await timeMany(1, async () => (await bare.request('/ping', { headers })).text())));
      guardedSamples.push(...(await timeMany(1, async () => (await guarded.request('/ping', { headers })).text())));
    }
    const added = percentile(guardedSamples, 50) - percentile(bareSamples, 50);
    return [
      ['Sign-in p50 (POST /auth/login: bcrypt cost 10, new session)', ms(percentile(signIns, 50)), 'bcrypt dominates'],
      ['Refresh p50 (POST /auth/refresh: rotate, 100,000 sessions in the table)', ms(percentile(refreshes, 50)), ''],
      ['Refresh p99', ms(percentile(refreshes, 99)), ''],
      ['Sign-in check added to an API call, p50', `${added.toFixed(2)} ms`, '≤ 1 ms'],
      [
        '  (route alone p50 / behind the check p50)',
        `${ms(percentile(bareSamples, 50))} / ${ms(percentile(guardedSamples, 50))}`,
        '',
      ],
    ];
  } finally {
    await bench.stop();
  }
}
