import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';

/**
 * Runs each pgTAP file (the same files `supabase test db` runs) and reads its TAP output:
 * every file must state its plan, and every planned test must report ok.
 */
export async function runPgTap(databaseUrl: string, dir: string, filters: string[] = []) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let passed = 0;
  let failed = 0;
  try {
    await sql`create extension if not exists pgtap with schema extensions`;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql') && (filters.length === 0 || filters.some((x) => f.includes(x)))).sort()) {
      const lines: string[] = [];
      try {
        const results = await sql.unsafe(readFileSync(join(dir, file), 'utf8'));
        const sets = Array.isArray(results[0]) || results.length === 0 ? (results as unknown as unknown[][]) : [results];
        for (const set of sets) {
          for (const row of (set as Record<string, unknown>[]) ?? []) {
            for (const value of Object.values(row ?? {})) if (typeof value === 'string') lines.push(...value.split('\n'));
          }
        }
      } catch (err) {
        await sql`rollback`.catch(() => {});
        lines.push(`not ok - ${file} raised: ${(err as Error).message}`);
      }
      const plan = Number(/^1\.\.(\d+)/m.exec(lines.join('\n'))?.[1] ?? 0);
      const oks = lines.filter((l) => /^ok \d+/.test(l)).length;
      const notOks = lines.filter((l) => /^not ok/.test(l));
      // A `not ok ... # TODO` is a known, expected failure (TAP; pg_prove and `supabase test db` pass it).
      const todos = notOks.filter((l) => /[^\\]#\s*TODO\b/i.test(l)).length;
      const missing = Math.max(0, plan - oks - notOks.length);
      passed += oks;
      failed += notOks.length - todos + missing + (plan === 0 ? 1 : 0);
      console.log(`${notOks.length - todos || missing || !plan ? 'FAIL' : 'ok  '} pgTAP ${file}: ${oks}/${plan}${todos ? ` (${todos} todo)` : ''}`);
      for (const l of lines.filter((l) => /^(not ok|#)/.test(l))) console.log(`    ${l}`);
    }
  } finally {
    await sql.end();
  }
  return { name: 'pgTAP', passed, failed };
}
