// Serves the edge entry under Deno against the test database and signs in through it.
import { assert, assertEquals } from './assert.ts';

const databaseUrl = Deno.env.get('TEST_DATABASE_URL');
const entry = new URL('../api/index.ts', import.meta.url).pathname;
const config = new URL('../deno.json', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const listener = Deno.listen({ port: 0, hostname: '127.0.0.1' });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test({
  name: 'functions/api serves health, register, login and profile under Deno',
  ignore: !databaseUrl,
  async fn() {
    const port = await freePort();
    const child = new Deno.Command(Deno.execPath(), {
      args: ['run', '--allow-all', '--config', config, entry],
      env: {
        SUPABASE_DB_URL: databaseUrl!,
        EMBEDDED_AUTH: 'true',
        JWT_SECRET: 'deno-smoke-secret-deno-smoke-secret',
        PORT: String(port),
      },
      stdout: 'null',
      stderr: 'piped',
    }).spawn();
    const base = `http://127.0.0.1:${port}/functions/v1/api`;
    try {
      let healthy = false;
      for (let i = 0; i < 100 && !healthy; i++) {
        try {
          const res = await fetch(`${base}/health`);
          healthy = res.ok;
          await res.body?.cancel();
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      assert(healthy, 'the edge entry never answered /health');

      const email = `deno-${crypto.randomUUID()}@example.com`;
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });

      const registered = await post('/auth/register', { email, password: 'secret123' });
      assertEquals(registered.status, 200);
      await registered.json();

      const login = await post('/auth/login', { email, password: 'secret123' });
      assertEquals(login.status, 200);
      const session = await login.json();
      assertEquals(session.user.email, email);

      const profile = await fetch(`${base}/user/profile`, { headers: { authorization: `Bearer ${session.access_token}` } });
      assertEquals(profile.status, 200);
      assertEquals((await profile.json()).email, email);

      const anonymous = await fetch(`${base}/user/profile`);
      assertEquals(anonymous.status, 401);
      assert(typeof (await anonymous.json()).detail === 'string');

      const deal = await post('/deals', { name: 'Deno deal', checklist_preset: 'blank' }, session.access_token);
      assertEquals(deal.status, 201);
      assertEquals((await deal.json()).user_role, 'admin');
    } finally {
      child.kill('SIGTERM');
      await child.status;
      await child.stderr.cancel();
    }
  },
});
