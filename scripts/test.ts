/**
 * `npm test`: every suite against real services on this machine. Installs what the tests need
 * (Chromium, pgTAP) when absent, starts a throwaway embedded PostgreSQL, runs the schemas check, pgTAP, API, web,
 * Deno and end-to-end suites, prints one closing line and exits non-zero when anything failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemDeps } from './lib/system-deps.ts';
import { startTestDatabase } from './lib/testdb.ts';
import { runPgTap } from './lib/pgtap.ts';
import { runSchemasCheck } from './lib/schemas-check.ts';
import { checkDocsReferences, plantedProblemsFound } from './lib/docs-references.ts';

const root = join(import.meta.dirname, '..');
const SUITES = ['types', 'lint', 'format', 'docs', 'schemas', 'pgtap', 'api', 'web', 'deno', 'supabase', 'e2e'];
// `npm test -- api people-` runs the API suite's files whose path contains "people-" (any other word
// than a suite name filters the chosen suites' files).
const only = process.argv
  .slice(2)
  .filter((arg) => SUITES.includes(arg.toLowerCase()))
  .map((arg) => arg.toLowerCase());
const filters = process.argv.slice(2).filter((arg) => !SUITES.includes(arg.toLowerCase()));

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  error?: string;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function vitestSuite(name: string, config: string, env: Record<string, string>): Promise<SuiteResult> {
  const out = join(root, '.test-data', `${name}-results.json`);
  rmSync(out, { force: true });
  const code = await run(
    join(root, 'node_modules/.bin/vitest'),
    ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...filters],
    env,
  );
  if (!existsSync(out)) return { name, passed: 0, failed: 1, error: `vitest exited ${code} without results` };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { name, passed: report.numPassedTests, failed };
}

async function denoSuite(databaseUrl: string): Promise<SuiteResult> {
  const deno = join(root, 'node_modules/.bin/deno');
  const config = join(root, 'supabase/functions/deno.json');
  let passed = 0;
  let failed = 0;
  for (const entry of ['supabase/functions/api/index.ts', 'supabase/functions/ai-worker/index.ts']) {
    if (!existsSync(join(root, entry))) continue;
    const code = await run(deno, ['check', '--config', config, entry]);
    if (code === 0) passed++;
    else failed++;
    console.log(`${code === 0 ? 'ok' : 'not ok'} - deno check ${entry}`);
  }
  const tap = join(root, '.test-data', 'deno-results.txt');
  const code = await run(
    'bash',
    ['-c', `set -o pipefail; "${deno}" test --config "${config}" --allow-all supabase/functions/tests/ 2>&1 | tee "${tap}"`],
    { TEST_DATABASE_URL: databaseUrl, NO_COLOR: '1' },
  );
  const summary = /(\d+) passed.*?(\d+) failed/.exec(existsSync(tap) ? readFileSync(tap, 'utf8') : '');
  passed += Number(summary?.[1] ?? 0);
  failed += Number(summary?.[2] ?? 0) + (code !== 0 && !Number(summary?.[2] ?? 0) ? 1 : 0);
  return { name: 'Deno', passed, failed };
}

/** Every *.test.ts under dir, listed here: Node 20's test runner takes no glob patterns. */
function testFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => join(dir, file));
}

async function nodeTestSuite(name: string, dir: string, env: Record<string, string>): Promise<SuiteResult> {
  const tap = join(root, '.test-data', `${name}-results.tap`);
  rmSync(tap, { force: true });
  const files = testFiles(dir).filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));
  if (files.length === 0) return { name, passed: 0, failed: 0 };
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const passed = Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
  const failed = Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0) + (code !== 0 && !text.includes('# fail') ? 1 : 0);
  return { name, passed, failed: failed || (code !== 0 ? 1 : 0) };
}

/** `tsc --noEmit` over the server, the API, the web app, the tests and the scripts: one check per error-free run. */
async function typesSuite(): Promise<SuiteResult> {
  const code = await run(process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.json',
    '--noEmit',
    '--pretty',
    'false',
  ]);
  console.log(`${code === 0 ? 'ok' : 'not ok'} - tsc --noEmit`);
  return { name: 'Types', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
}

/** ESLint (eslint.config.js): each linted file is a check, failed when it has an error. */
async function lintSuite(): Promise<SuiteResult> {
  const out = join(root, '.test-data', 'eslint-results.json');
  rmSync(out, { force: true });
  const code = await run(join(root, 'node_modules/.bin/eslint'), [
    '.',
    '--format',
    'stylish',
    '--output-file',
    out,
    '--format',
    'json',
  ]);
  if (!existsSync(out)) return { name: 'Lint', passed: 0, failed: 1, error: `eslint exited ${code} without results` };
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    filePath: string;
    errorCount: number;
    messages: { line: number; ruleId: string; message: string }[];
  }[];
  const failing = report.filter((f) => f.errorCount > 0);
  for (const file of failing) {
    for (const m of file.messages) console.log(`${file.filePath.slice(root.length + 1)}:${m.line}  ${m.message}  (${m.ruleId})`);
  }
  console.log(`ESLint: ${report.length} files, ${failing.length} with errors`);
  return { name: 'Lint', passed: report.length - failing.length, failed: failing.length + (code > 1 ? 1 : 0) };
}

/** Prettier (.prettierrc.json, width 130): each source file in git is a check, failed when Prettier would change it. */
async function formatSuite(): Promise<SuiteResult> {
  const listed = spawnSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: root, encoding: 'utf8' });
  const files = listed.status === 0 ? listed.stdout.split('\n').filter(Boolean) : [];
  if (files.length === 0) return { name: 'Format', passed: 0, failed: 1, error: 'git ls-files found no source files' };
  const check = spawnSync(
    process.execPath,
    [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--list-different', ...files],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const different = check.stdout.split('\n').filter(Boolean);
  for (const file of different) console.log(`not formatted: ${file} (npx prettier --write ${file})`);
  if (check.status !== 0 && different.length === 0) console.log(check.stderr);
  console.log(`Prettier: ${files.length} files, ${different.length} not formatted`);
  const broken = check.status !== 0 && different.length === 0 ? 1 : 0;
  return { name: 'Format', passed: files.length - different.length, failed: different.length + broken };
}

/** Docs (scripts/lib/docs-references.ts): each tracked text file is a check, failed when it cites what docs/ lacks. */
function docsSuite(): SuiteResult {
  const planted = plantedProblemsFound();
  if (planted !== 4) return { name: 'Docs', passed: 0, failed: 1, error: `the checker found ${planted} of 4 planted problems` };
  const { checked, problems } = checkDocsReferences(root);
  for (const p of problems) console.log(`${p.file}:${p.line}  ${p.message}`);
  const failedFiles = new Set(problems.map((p) => p.file)).size;
  console.log(`Docs: ${checked} files, ${failedFiles} citing what docs/ lacks`);
  return { name: 'Docs', passed: checked - failedFiles, failed: failedFiles };
}

const wanted = (name: string) => only.length === 0 || only.includes(name.toLowerCase());

ensureSystemDeps();
const results: SuiteResult[] = [];
if (wanted('types')) results.push(await typesSuite());
if (wanted('lint')) results.push(await lintSuite());
if (wanted('format')) results.push(await formatSuite());
if (wanted('docs')) results.push(docsSuite());
const db = await startTestDatabase('suite');
try {
  const env = { TEST_DATABASE_URL: db.url, TEST_DATABASE_ADMIN_URL: db.adminUrl };
  // Before pgTAP, whose helpers (schema tests, the pgtap extension) the migrations do not make.
  if (wanted('schemas')) results.push(await runSchemasCheck(db));
  if (wanted('pgtap')) results.push(await runPgTap(db.url, join(root, 'supabase/tests/database'), filters, db.adminUrl));
  if (wanted('api')) results.push(await vitestSuite('API', 'tests/api/vitest.config.ts', env));
  if (wanted('web')) results.push(await vitestSuite('Web', 'web/vitest.config.ts', {}));
  if (wanted('deno')) results.push(await denoSuite(db.url));
  // The api function in Supabase mode, under Deno, against stand-ins for GoTrue and Storage.
  if (wanted('supabase')) results.push(await nodeTestSuite('Supabase', 'tests/supabase', env));
  if (wanted('e2e')) results.push(await nodeTestSuite('E2E', 'tests/e2e', {}));
} finally {
  await db.stop();
}

console.log('\nSuite results:');
for (const r of results)
  console.log(`  ${r.name.padEnd(6)} ${r.passed} passed, ${r.failed} failed${r.error ? ` (${r.error})` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const empty = results.filter((r) => r.passed + r.failed === 0).map((r) => r.name);
if (empty.length) console.log(`Suites that ran no test: ${empty.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || empty.length > 0 ? 1 : 0);
