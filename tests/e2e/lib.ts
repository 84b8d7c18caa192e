/**
 * End-to-end harness: the real server (`npm start`'s command) on a free port with a throwaway DATA_DIR,
 * Debian's Chromium driven by playwright-core, and small helpers that make failures readable.
 *
 * One server per test file:
 *
 *   const e2e = useE2E();            // registers before/after hooks: server + browser
 *   e2e.test('does X', async ({ page, server }) => { ... });
 *
 * Each `e2e.test` gets a fresh browser context (no shared storage); when it fails, every page of that
 * context is screenshotted into `.test-data/e2e-screens/` and the path and URL are added to the error.
 * `E2E_SCREENSHOTS=all` also keeps a screenshot of every passing test.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { SERVER_ENV, serverArgs } from '../../scripts/server-command.ts';

export const root = join(import.meta.dirname, '..', '..');
export const screensDir = join(root, '.test-data', 'e2e-screens');

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password';

/** Waits for things a user sees (the app is local: 10 s is generous). */
export const UI_TIMEOUT = 10_000;
/** The first page load of a fresh server (cold caches, lazy chunks). */
export const FIRST_LOAD_TIMEOUT = 30_000;
/** A fresh server: cluster init, migrations, seed, maybe a web build. */
const SERVER_START_TIMEOUT = 180_000;

// ---------------------------------------------------------------------------------------------------------
// Server

export interface TestServer {
  /** Origin of the app, e.g. http://localhost:41234 (the same origin mailed links use). */
  url: string;
  port: number;
  dataDir: string;
  /** The server's recent output, for error messages. */
  log(): string;
  /** All the server's output kept (its last 1 MB), for a line that many later lines may follow. */
  output(): string;
  /** The server process (for crash tests: kill it with 'SIGKILL' and start another on the same dataDir). */
  pid: number;
  /** Resolves when the process has exited, with how long after the call it took (ms). */
  exited(): Promise<number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Run on this DATA_DIR (kept between servers, removed by the last stop()) instead of a fresh one. */
  dataDir?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process with this id is still running. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every file a build refers to (index.html's scripts and styles, chunks' imports) is there. */
function buildIsComplete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = join(dir, 'assets');
  if (!refs.length || !existsSync(assets)) return false;
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    for (const m of code.matchAll(/"(?:assets\/|\.\/)([\w.-]+\.(?:js|css))"/g)) refs.push(`assets/${m[1]}`);
  }
  return refs.every((ref) => existsSync(join(dir, ref)));
}

/**
 * The web app the E2E servers serve: a private build (WEB_DIST_DIR) per test run, shared by the run's
 * files (they run one at a time), so another server rebuilding web/dist on this checkout never pulls
 * files from under a test's browser. Seeded from web/dist when that is a complete build (timestamps kept,
 * so the server still rebuilds it when web/src is newer); private builds of finished runs are removed.
 */
export function privateWebDist(): string {
  const dataRoot = join(root, '.test-data');
  mkdirSync(dataRoot, { recursive: true });
  for (const entry of readdirSync(dataRoot)) {
    const pid = Number(/^e2e-web-(\d+)$/.exec(entry)?.[1]);
    if (pid && pid !== process.ppid && !alive(pid)) rmSync(join(dataRoot, entry), { recursive: true, force: true });
  }
  const dir = join(dataRoot, `e2e-web-${process.ppid}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const shared = join(root, 'web', 'dist');
  try {
    if (!buildIsComplete(shared)) throw new Error('no complete shared build');
    cpSync(shared, dir, { recursive: true, preserveTimestamps: true });
    if (!buildIsComplete(dir)) throw new Error('web/dist changed while it was copied');
  } catch {
    rmSync(dir, { recursive: true, force: true }); // the server builds it
  }
  return dir;
}

/**
 * Spawns `node --enable-source-maps scripts/start.mjs` (what `npm start` runs) with a fresh DATA_DIR under
 * `.test-data/` and a free PORT, and waits until /api/health answers 200.
 */
export async function startServer(
  name = 'e2e',
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? join(root, '.test-data', `e2e-${name}-${process.pid}-${port}`);
  if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: privateWebDist(),
    ...SERVER_ENV,
  };
  // The E2E server runs its own embedded Postgres, never a database the test runner was given.
  delete childEnv.DATABASE_URL;
  delete childEnv.PUBLIC_URL;
  delete childEnv.ADMIN_EMAIL;
  delete childEnv.ADMIN_PASSWORD;
  delete childEnv.DEV_MAIL;
  Object.assign(childEnv, env);

  // npm start's command (scripts/server-command.ts).
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-1_000_000); // health polls during an outage must not push its cause out
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const url = `http://localhost:${port}`;
  const tail = () => output.split('\n').slice(-25).join('\n');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(false), 30_000);
        }),
      ]);
      clearTimeout(timer);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + SERVER_START_TIMEOUT;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      /* still starting */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not healthy within ${SERVER_START_TIMEOUT / 1000} s:\n${tail()}`);
    }
    await sleep(150);
  }
  const exitedAfter = async () => {
    const from = Date.now();
    await exited;
    return Date.now() - from;
  };
  return { url, port, dataDir, log: tail, output: () => output, stop, pid: child.pid!, exited: exitedAfter };
}

/**
 * For a file whose tests start servers of their own (each its own environment, data or restart): starts
 * one as startServer does, and stops every one it started once the file's tests are over, passed or not.
 */
export function serverStarter(): typeof startServer {
  const started: TestServer[] = [];
  after(async () => {
    for (const server of started) await server.stop().catch(() => {});
  });
  return async (...args) => {
    const server = await startServer(...args);
    started.push(server);
    return server;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Browser

/** A fresh context (own cookies and storage) at desktop size, with the server as base URL. */
export async function newContext(browser: Browser, server: TestServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(FIRST_LOAD_TIMEOUT);
  return context;
}

/** A phone: 390 × 844 CSS pixels, touch, mobile viewport rules (docs/decisions.md decision 37). */
export const PHONE = { width: 390, height: 844 };

/** A fresh context (own cookies and storage) the size of a phone, with touch, and the server as base URL. */
export async function newPhoneContext(browser: Browser, server: TestServer): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(FIRST_LOAD_TIMEOUT);
  return context;
}

const safeName = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/** Screenshots every open page of the context; returns the files written. */
export async function screenshotAll(context: BrowserContext, name: string): Promise<string[]> {
  mkdirSync(screensDir, { recursive: true });
  const files: string[] = [];
  for (const [index, page] of context.pages().entries()) {
    if (page.isClosed()) continue;
    const file = join(screensDir, `${safeName(name)}${index ? `-${index + 1}` : ''}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      files.push(`${file} (${page.url()})`);
    } catch {
      /* a crashed page: nothing to show */
    }
  }
  return files;
}

/** With `E2E_SCREENSHOTS=all`, keeps a screenshot of the page at this step (to look at what users see). */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== 'all') return;
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `step--${safeName(name)}.png`), fullPage: true }).catch(() => {});
}

// axe-core's source, evaluated in the page through the DevTools protocol (like every page.evaluate):
// a <script> tag would be refused by the app's Content-Security-Policy, which stays as it is.
let axeSource: string | undefined;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and fails listing each violation's
 * rule, impact and target selectors (decision 38). Waits for running animations to end first: a dialog
 * or toast still fading in has colours no user reads.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  axeSource ??= readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  // Endless animations (a spinner) never end: they are checked as they stand.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: UI_TIMEOUT },
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, AXE_TAGS);
  if (!violations.length) return;
  const lines = violations.map(
    (v) =>
      `  ${v.id} (${v.impact ?? 'no impact'}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ')}`).join('\n'),
  );
  assert.fail(`axe-core found ${violations.length} violation(s) on ${screen} (${page.url()}):\n${lines.join('\n')}`);
}

export interface E2EContext {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  t: TestContext;
}

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A test with a fresh browser context (a phone's with `phone`); screenshots on failure. */
  test(name: string, fn: (ctx: E2EContext) => Promise<void>, options?: { timeout?: number; phone?: boolean }): void;
}

/**
 * Registers `before` (start the server and the browser) and `after` (close both, remove DATA_DIR) for the
 * current file or describe block, and returns a `test` that hands each test a fresh context and page.
 */
export function useE2E(name = basename(process.argv[1] ?? 'e2e', '.test.ts')): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const file = safeName(name);

  before(
    async () => {
      const [started, launched] = await Promise.allSettled([startServer(file), launchChromium()]);
      if (started.status === 'fulfilled') server = started.value;
      if (launched.status === 'fulfilled') browser = launched.value;
      if (started.status === 'rejected') throw started.reason;
      if (launched.status === 'rejected') throw launched.reason;
    },
    { timeout: SERVER_START_TIMEOUT + 90_000 },
  );

  after(
    async () => {
      await browser?.close().catch(() => {});
      await server?.stop();
    },
    { timeout: 60_000 },
  );

  const e2e: E2E = {
    get server() {
      assert.ok(server, 'the server did not start');
      return server;
    },
    get browser() {
      assert.ok(browser, 'the browser did not start');
      return browser;
    },
    test(testName, fn, options = {}) {
      test(testName, { timeout: options.timeout ?? 90_000 }, async (t) => {
        const context = await (options.phone ? newPhoneContext : newContext)(e2e.browser, e2e.server);
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        const apiFailures: string[] = [];
        context.on('page', (opened) => opened.on('pageerror', (err) => consoleErrors.push(String(err))));
        page.on('pageerror', (err) => consoleErrors.push(String(err)));
        context.on('response', (response) => {
          const url = new URL(response.url());
          if (url.pathname.startsWith('/api/') && response.status() >= 400) {
            apiFailures.push(`${response.request().method()} ${url.pathname} -> ${response.status()}`);
          }
        });
        context.on('requestfailed', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/'))
            apiFailures.push(`${request.method()} ${url.pathname} -> ${request.failure()?.errorText ?? 'failed'}`);
        });
        try {
          await fn({ server: e2e.server, browser: e2e.browser, context, page, t });
          if (process.env.E2E_SCREENSHOTS === 'all') await screenshotAll(context, `${file}--${testName}`);
        } catch (err) {
          const shots = await screenshotAll(context, `FAILED--${file}--${testName}`);
          const notes = [
            shots.length ? `Screenshots:\n  ${shots.join('\n  ')}` : 'No screenshot could be taken.',
            consoleErrors.length ? `Page errors:\n  ${consoleErrors.slice(-5).join('\n  ')}` : '',
            `Server log (last lines):\n  ${e2e.server.log().split('\n').slice(-10).join('\n  ')}`,
            apiFailures.length ? `API calls that failed (some may be expected):\n  ${apiFailures.slice(-8).join('\n  ')}` : '',
          ]
            .filter(Boolean)
            .join('\n');
          if (err instanceof Error) {
            // The runner prints the stack, which was written when the error was made: extend both.
            const original = err.message;
            err.message = `${original}\n${notes}`;
            if (err.stack?.includes(original)) err.stack = err.stack.replace(original, err.message);
            else err.stack = `${err.stack ?? ''}\n${notes}`;
            throw err;
          }
          throw new Error(`${String(err)}\n${notes}`, { cause: err });
        } finally {
          await context.close().catch(() => {});
        }
      });
    },
  };
  return e2e;
}

// ---------------------------------------------------------------------------------------------------------
// Expectations (each waits, then fails with a sentence saying what was expected and what was there)

async function describePage(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '');
  const compact = text.replace(/\s+/g, ' ').trim().slice(0, 600);
  return `at ${page.url()}; the page reads: "${compact}"`;
}

/** A screen as a user meets it at this step: its screenshot (see snap) and its WCAG check (expectAccessible). */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await snap(page, name);
  await expectAccessible(page, name);
}

/** Waits until the locator is visible. */
export async function expectVisible(locator: Locator, what?: string, timeout = UI_TIMEOUT): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    assert.fail(`Expected ${what ?? String(locator)} to be visible within ${timeout} ms, ${await describePage(locator.page())}`);
  }
}

/** Waits until no element of the locator is visible. */
export async function expectHidden(locator: Locator, what?: string, timeout = UI_TIMEOUT): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    assert.fail(`Expected ${what ?? String(locator)} to disappear within ${timeout} ms, ${await describePage(locator.page())}`);
  }
}

/** A file's row in the data room, by its exact name. */
export const fileRow = (page: Page, name: string) =>
  page.getByTestId('file-row').and(page.getByLabel(`File ${name}`, { exact: true }));

/** A folder's row in the data room, by its exact name. */
export const folderRow = (page: Page, name: string) =>
  page.getByTestId('folder-row').and(page.getByLabel(`Folder ${name}`, { exact: true }));

/** Waits until the text is visible on the page (substring match unless `exact`). */
export async function expectText(
  page: Page,
  text: string | RegExp,
  options: { exact?: boolean; timeout?: number } = {},
): Promise<void> {
  await expectVisible(
    page.getByText(text, { exact: options.exact }),
    `the text ${JSON.stringify(String(text))}`,
    options.timeout,
  );
}

/** Asserts the text is not visible now (after whatever the caller already waited for). */
export async function expectNoText(page: Page, text: string | RegExp): Promise<void> {
  const visible = await page.getByText(text).first().isVisible();
  if (visible) assert.fail(`Expected no text ${JSON.stringify(String(text))}, ${await describePage(page)}`);
}

/** Waits until the URL's path (plus search) matches. */
export async function expectPath(page: Page, expected: string | RegExp, timeout = UI_TIMEOUT): Promise<void> {
  const matches = (url: URL) =>
    typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname + url.search);
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch {
    assert.fail(`Expected the path ${String(expected)} within ${timeout} ms, ${await describePage(page)}`);
  }
}

/** Measures, in the page, its content's width and the widest elements past `width`, the right edge. */
const MEASURE_WIDTH = `((width) => {
  const scrollWidth = document.documentElement.scrollWidth;
  // Past the edge inside a container that scrolls or clips it, an element does not widen the page.
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const describe = (el) => {
    const id = el.getAttribute('data-testid') || el.getAttribute('aria-label') || el.getAttribute('role');
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    const rect = el.getBoundingClientRect();
    return '<' + el.tagName.toLowerCase() + (id ? ' ' + id : '') + '> ' + Math.round(rect.left) + '..' + Math.round(rect.right) + ' px "' + text + '"';
  };
  const wide = [...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
    .sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)
    .slice(0, 5)
    .map(describe);
  return { width, scrollWidth, wide };
})`;

/**
 * The width the context was made with. Not `innerWidth`: a mobile browser zooms out to show a page wider
 * than the screen, and then reports the wider window.
 */
const viewportWidth = (page: Page) => {
  const viewport = page.viewportSize();
  assert.ok(viewport, 'the page has a fixed viewport');
  return viewport.width;
};

/**
 * The page does not scroll sideways: the document is no wider than the viewport. On failure, names the
 * elements that stick out furthest (outside any container that scrolls or clips them), so the message
 * says what to fix. `screen` names the screen in the message.
 */
export async function expectFitsWidth(page: Page, screen: string): Promise<void> {
  // A string, not a function: tsx would wrap the function's inner helpers in its own `__name`, which the page lacks.
  const measure = () =>
    page.evaluate<{ width: number; scrollWidth: number; wide: string[] }>(`${MEASURE_WIDTH}(${viewportWidth(page)})`);
  try {
    await eventually(async () => {
      const { width, scrollWidth } = await measure();
      assert.ok(scrollWidth <= width);
    }, 3_000);
  } catch {
    const { width, scrollWidth, wide } = await measure();
    assert.fail(
      `${screen}: the page scrolls sideways (${scrollWidth} px of content in a ${width} px window); widest elements past the edge:\n  ${wide.join('\n  ')}`,
    );
  }
}

/** Each locator's element lies inside the window's width (an action a phone user can reach without scrolling sideways). */
export async function expectWithinWidth(...locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    const element = locator.first();
    await expectVisible(element, String(locator));
    const page = element.page();
    const width = viewportWidth(page);
    // No scrolling first: sideways, the user would have to; up and down does not change x.
    const box = await element.boundingBox();
    assert.ok(box, `${String(locator)} has no box`);
    assert.ok(
      box.x >= -1 && box.x + box.width <= width + 1,
      `Expected ${String(locator)} inside the ${width} px window, it spans ${Math.round(box.x)}..${Math.round(box.x + box.width)} px, ${await describePage(page)}`,
    );
  }
}

/** Polls until `check` stops throwing (for anything that is not a locator). */
export async function eventually<T>(check: () => Promise<T> | T, timeout = UI_TIMEOUT, interval = 100): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await sleep(interval);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Users and sessions

export interface ApiSession {
  token: string;
  user: { id: string; email: string; is_super_admin: boolean };
}

let counter = 0;
/** A unique address for this run. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Calls the API as a browser would; throws with the server's answer on a non-2xx status. */
export async function apiCall<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A deal started from the blank preset, with one checklist category and the items given in it (in
 * order): the setup of the AI, review, phone and ops tests.
 */
export async function dealWithCategory(
  server: TestServer,
  token: string,
  dealName: string,
  category: { name: string; code?: string },
  items: { name: string; description?: string }[] = [],
): Promise<{ deal: { id: string }; category: { id: string }; items: { id: string }[] }> {
  const deal = await createDealApi(server, token, dealName);
  const created = await apiCall<{ id: string }>(server, 'POST', `/deals/${deal.id}/checklist/categories`, category, token);
  const made: { id: string }[] = [];
  for (const item of items) {
    made.push(
      await apiCall<{ id: string }>(
        server,
        'POST',
        `/deals/${deal.id}/checklist/items`,
        { ...item, category_id: created.id },
        token,
      ),
    );
  }
  return { deal, category: created, items: made };
}

/**
 * Registers through the API. The address is then confirmed the way its owner would: the
 * 'Confirm your email address' mail's link is opened (POST /auth/magic-link/verify with its token),
 * unless `confirmed: false` asks for an account that has not done so yet.
 */
export async function registerUser(
  server: TestServer,
  email = uniqueEmail(),
  password = 'password123',
  options: { confirmed?: boolean } = {},
): Promise<ApiSession & { email: string; password: string }> {
  const answer = await apiCall<{ access_token: string; user: ApiSession['user'] }>(server, 'POST', '/auth/register', {
    email,
    password,
  });
  assert.ok(answer.access_token, 'registration answered without a token');
  if (options.confirmed !== false) await confirmEmail(server, email, password);
  return { token: answer.access_token, user: answer.user, email, password };
}

/**
 * Opens the newest 'Confirm your email address' link sent to `email` (through the API), as its
 * registrant: with the password chosen at registration (docs/decisions.md decision 30).
 */
export async function confirmEmail(server: TestServer, email: string, password: string): Promise<void> {
  const link = await eventually(
    async () => {
      const mail = (await mailsTo(server, email)).find((m) => m.subject === 'Confirm your email address');
      assert.ok(mail, `a confirmation mail to ${email}`);
      const found = mail.links.find((l) => new URL(l, server.url).searchParams.has('token'));
      assert.ok(found, `a link with a token in the confirmation mail to ${email}`);
      return found;
    },
    UI_TIMEOUT,
    100,
  );
  const token = new URL(link, server.url).searchParams.get('token');
  await apiCall(server, 'POST', '/auth/magic-link/verify', { token, password });
}

/**
 * Uploads one file through the API's direct upload (POST /deals/{id}/files/upload) into `path` (the root
 * by default) and returns its id; the data room's own upload is walked in dataroom.test.ts.
 */
export async function uploadApi(
  server: TestServer,
  token: string,
  dealId: string,
  file: { name: string; content: string | Uint8Array; type?: string; path?: string; checklistItems?: string[] },
): Promise<string> {
  const form = new FormData();
  const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
  form.append('file', new Blob([content], { type: file.type }), file.name);
  form.append('path', file.path ?? '/');
  if (file.checklistItems) form.append('checklist_items', JSON.stringify(file.checklistItems));
  const res = await fetch(`${server.url}/api/deals/${dealId}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  assert.equal(res.status, 201, `the upload of ${file.name} answered ${res.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { file_id: string }).file_id;
}

/** What POST /deals/:dealId/files/upload-url grants: a single-use upload URL and a resumable (tus) endpoint. */
export interface UploadGrant {
  file_id: string;
  upload_url: string;
  resumable: { endpoint: string; headers: Record<string, string> };
}

/** Asks for an upload of one file into the root, as the signed-URL and resumable uploads begin (POST /deals/:dealId/files/upload-url). */
export const uploadGrantApi = (server: TestServer, token: string, dealId: string, filename: string, contentType: string) =>
  apiCall<UploadGrant>(
    server,
    'POST',
    `/deals/${dealId}/files/upload-url`,
    { filename, content_type: contentType, path: '/' },
    token,
  );

/** A file's states as its page reads them (GET /deals/:dealId/files/:fileId). */
export const fileStatesApi = (server: TestServer, token: string, dealId: string, fileId: string) =>
  apiCall<{ ai_status: string; approval_status: string }>(server, 'GET', `/deals/${dealId}/files/${fileId}`, undefined, token);

/** One folder of the data room as the API lists it (GET /deals/:dealId/files?path=): the folder, its folders and files. */
export const listingApi = (server: TestServer, token: string, dealId: string, path = '/') =>
  apiCall<{
    folder: { id: string; full_path: string } | null;
    folders: { id: string; name: string }[];
    files: { id: string; name: string; approval_status: string }[];
  }>(server, 'GET', `/deals/${dealId}/files?path=${encodeURIComponent(path)}`, undefined, token);

/**
 * Invites `member` into the deal with a permission set (a preset's key or a set's id), and into the
 * groups given, and accepts as them.
 */
export async function joinDeal(
  server: TestServer,
  ownerToken: string,
  dealId: string,
  member: { email: string; token: string },
  permissionSetId: string,
  groupIds?: string[],
): Promise<void> {
  const invitation = await inviteApi(server, ownerToken, dealId, member.email, permissionSetId, groupIds);
  await apiCall(server, 'POST', `/invitations/${invitation.id}/accept`, undefined, member.token);
}

/** Invites an address into the deal with a permission set (a preset's key or a set's id) and groups; the invitation. */
export const inviteApi = (
  server: TestServer,
  ownerToken: string,
  dealId: string,
  email: string,
  permissionSetId: string,
  groupIds?: string[],
) =>
  apiCall<{ id: string }>(
    server,
    'POST',
    `/deals/${dealId}/invitations`,
    { email, permission_set_id: permissionSetId, group_ids: groupIds },
    ownerToken,
  );

/** Signs in through the API (POST /auth/login). */
export async function loginUser(server: TestServer, email: string, password: string): Promise<ApiSession> {
  const answer = await apiCall<{ access_token: string; user: ApiSession['user'] }>(server, 'POST', '/auth/login', {
    email,
    password,
  });
  return { token: answer.access_token, user: answer.user };
}

/** Creates a deal through the API as the token's user, its checklist from `preset` (the blank one unless told). */
export async function createDealApi(
  server: TestServer,
  token: string,
  name: string,
  preset = 'blank',
): Promise<{ id: string; name: string }> {
  return apiCall(server, 'POST', '/deals', { name, checklist_preset: preset }, token);
}

/** A new confirmed account (its address from `label`) and a deal it created: the opening of most tests. */
export async function ownerWithDeal(server: TestServer, label: string, dealName: string, preset = 'blank') {
  const owner = await registerUser(server, uniqueEmail(label));
  return { owner, deal: await createDealApi(server, owner.token, dealName, preset) };
}

/** The seeded super admin signed in through the API and a deal of theirs: the opening of the server-process tests. */
export async function adminWithDeal(server: TestServer, dealName: string) {
  const { token } = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  return { token, deal: await createDealApi(server, token, dealName) };
}

/** Opens the deal's data room signed in with `token` and waits for its first load to read empty. */
export async function openEmptyDataRoom(page: Page, token: string, dealId: string): Promise<void> {
  await openSignedIn(page, token, `/deals/${dealId}/files`);
  await expectText(page, 'No files or folders yet', { timeout: FIRST_LOAD_TIMEOUT });
}

/** A new account signed in on its empty deal list, the Create New Deal dialog opened from it; the dialog. */
export async function openCreateDealDialog(page: Page, server: TestServer, label: string): Promise<Locator> {
  const account = await registerUser(server, uniqueEmail(label));
  await openSignedIn(page, account.token, '/');
  await expectText(page, 'No deals yet', { timeout: FIRST_LOAD_TIMEOUT });
  await page.getByRole('button', { name: 'Create New Deal' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Deal' });
  await expectVisible(dialog, 'the Create New Deal modal');
  return dialog;
}

/** Puts a session token where the web app keeps it, then opens `path` signed in. */
export async function openSignedIn(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto(path);
}

/** Registers through the Register tab of /login and waits for the deal list. */
export async function registerInUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click({ timeout: FIRST_LOAD_TIMEOUT });
  const form = page.getByRole('form', { name: 'Register' });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
  await expectPath(page, '/');
  await expectSignedIn(page, email);
}

/** Signs in with the password on the Login tab of /login (already open or opened here). */
export async function loginInUi(page: Page, email: string, password: string, options: { open?: boolean } = {}): Promise<void> {
  if (options.open ?? true) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.locator('input[name="email"]').fill(email, { timeout: FIRST_LOAD_TIMEOUT });
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The header greets the signed-in user. */
export async function expectSignedIn(page: Page, nameOrEmail: string): Promise<void> {
  const welcome = page.getByTestId('welcome');
  await expectVisible(welcome, 'the header greeting', FIRST_LOAD_TIMEOUT);
  await eventually(async () => assert.match(await welcome.innerText(), new RegExp(`Welcome,\\s*${escapeRegExp(nameOrEmail)}`)));
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------------------
// The development outbox (/dev/mail)

export interface Mail {
  to: string;
  subject: string;
  body: string;
  links: string[];
}

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** Every mail of the outbox, newest first. */
export async function readOutbox(server: TestServer): Promise<Mail[]> {
  const res = await fetch(`${server.url}/dev/mail`);
  assert.equal(res.status, 200, `/dev/mail answered ${res.status}`);
  const html = await res.text();
  const mails: Mail[] = [];
  for (const match of html.matchAll(/<article class="mail" data-to="([^"]*)">([\s\S]*?)<\/article>/g)) {
    const inner = match[2];
    const pre = /<pre>([\s\S]*?)<\/pre>/.exec(inner)?.[1] ?? '';
    const links = [...pre.matchAll(/<a href="([^"]+)"/g)].map((m) => unescapeHtml(m[1]));
    mails.push({
      to: unescapeHtml(match[1]),
      subject: unescapeHtml(/<strong>([\s\S]*?)<\/strong>/.exec(inner)?.[1] ?? ''),
      body: unescapeHtml(pre.replace(/<[^>]+>/g, '')),
      links,
    });
  }
  return mails;
}

/** The mails sent to an address, newest first. */
export async function mailsTo(server: TestServer, to: string): Promise<Mail[]> {
  return (await readOutbox(server)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits for a mail to `to` newer than the `seen` mails already there (count from `mailsTo` before the
 * action), and returns the newest.
 */
export async function waitForMail(
  server: TestServer,
  to: string,
  options: { seen?: number; timeout?: number } = {},
): Promise<Mail> {
  const seen = options.seen ?? 0;
  let last: Mail[] = [];
  try {
    return await eventually(
      async () => {
        last = await mailsTo(server, to);
        assert.ok(last.length > seen);
        return last[0];
      },
      options.timeout ?? UI_TIMEOUT,
      150,
    );
  } catch {
    return assert.fail(`Expected a new mail to ${to} in /dev/mail (had ${seen}, found ${last.length})`);
  }
}

/** The invitation's own link in a mail (an /invitations/… address with its token): invitees open it. */
export function invitationLinkIn(server: TestServer, mail: Mail): URL {
  const link = mail.links.find((l) => new URL(l, server.url).pathname.startsWith('/invitations/'));
  assert.ok(link, `an /invitations/… link in the invitation mail (links: ${mail.links.join(', ')})`);
  return new URL(link, server.url);
}
