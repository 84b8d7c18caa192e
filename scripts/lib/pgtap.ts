import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import postgres from 'postgres';

/**
 * Runs the pgTAP files through `pg_prove`, the harness `supabase test db` uses, so a file whose TAP
 * stream pg_prove cannot parse (a stray column, a wrong plan) fails here as it would there.
 * A `not ok … # TODO` is a known, expected failure: neither passed nor failed.
 */
export async function runPgTap(databaseUrl: string, dir: string, filters: string[] = [], adminUrl = databaseUrl) {
  // Installing an extension takes the superuser (on Supabase, its image has done it); the files run as
  // the application's role.
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`create extension if not exists pgtap with schema extensions`;
  } finally {
    await sql.end();
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && (filters.length === 0 || filters.some((x) => f.includes(x))))
    .sort()
    .map((f) => relative(process.cwd(), join(dir, f)));
  if (files.length === 0) return { name: 'pgTAP', passed: 0, failed: 0 };

  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn('pg_prove', ['--dbname', databaseUrl, '--verbose', '--failures', ...files], {
      env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
    });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (err) => resolve({ code: 1, output: `${text}\npg_prove could not start: ${err.message}` }));
    child.on('close', (status) => resolve({ code: status ?? 1, output: text }));
  });

  const lines = output.split('\n').map((l) => l.trim());
  const passed = lines.filter((l) => /^ok \d+/.test(l)).length;
  const failedTests = lines.filter((l) => /^not ok \d+/.test(l) && !/[^\\]#\s*TODO\b/i.test(l)).length;
  // Files that failed for another reason than a failing test: parse errors, a bad plan, psql errors.
  const brokenFiles =
    lines.filter((l) => /^Parse errors:/.test(l)).length +
    lines.filter((l) => /\(Wstat: [1-9]\d* Tests: \d+ Failed: 0\)/.test(l)).length;
  const failed = failedTests + brokenFiles + (code !== 0 && failedTests + brokenFiles === 0 ? 1 : 0);
  return { name: 'pgTAP', passed, failed };
}
