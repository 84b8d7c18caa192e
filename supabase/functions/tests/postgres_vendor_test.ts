// The edge functions' `postgres` is the vendored copy with the driver fix of decision 28
// (supabase/functions/_vendor/postgres, written by scripts/patch-postgres.mjs --vendor; decision 40).
import postgres from 'postgres';
import { assert, assertEquals } from './assert.ts';

const databaseUrl = Deno.env.get('TEST_DATABASE_URL');
const root = new URL('../../../', import.meta.url).pathname;

Deno.test('the functions load the vendored, patched postgres.js, and it is what the patch script writes', async () => {
  const entry = import.meta.resolve('postgres');
  assert(entry.endsWith('/supabase/functions/_vendor/postgres/index.js'), `postgres resolves to ${entry}`);
  const connection = await Deno.readTextFile(new URL('./connection.js', entry));
  assert(connection.includes('/* dataroom patch: scripts/patch-postgres.mjs */'), 'the vendored connection.js is patched');
  const check = await new Deno.Command('node', {
    args: ['scripts/patch-postgres.mjs', '--check-vendor'],
    cwd: root,
    stdout: 'null',
    stderr: 'piped',
  }).output();
  assertEquals({ code: check.code, stderr: new TextDecoder().decode(check.stderr) }, { code: 0, stderr: '' });
});

/** How a query ended, or 'hung' if it had not after 15 s (the unpatched driver leaves some unanswered forever). */
function settled(query: Promise<unknown>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('hung'), 15_000)));
  return Promise.race([
    query.then(
      () => 'ok',
      (err: { code?: string }) => `error ${err.code ?? ''}`,
    ),
    hung,
  ]).finally(() => clearTimeout(timer));
}

Deno.test({
  name: 'a transaction whose connection is killed fails, every later query is answered, and nothing is thrown from a timer',
  ignore: !databaseUrl,
  async fn() {
    const admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    // Thrown from a timer, the unpatched driver's write on the closed socket would end an edge worker.
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      uncaught.push(event.error);
      event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      uncaught.push(event.reason);
      event.preventDefault();
    };
    globalThis.addEventListener('error', onError);
    globalThis.addEventListener('unhandledrejection', onRejection);
    try {
      for (let i = 0; i < 4; i++) {
        const outcome = await settled(
          sql.begin(async (tx) => {
            const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
            await admin`select pg_terminate_backend(${pid})`;
            await tx`select 1`;
          }),
        );
        assert(outcome.startsWith('error'), `transaction ${i}: ${outcome}`);
        // The next statement may still hear of the old connection's end, but it is answered.
        const next = await settled(sql`select 1`);
        assert(next !== 'hung', `the statement after transaction ${i} was never answered`);
      }
      assertEquals(await settled(sql`select 1`), 'ok');
      assertEquals(uncaught.map(String), []);
    } finally {
      globalThis.removeEventListener('error', onError);
      globalThis.removeEventListener('unhandledrejection', onRejection);
      await Promise.all([sql.end({ timeout: 1 }), admin.end({ timeout: 1 })]);
    }
  },
});
