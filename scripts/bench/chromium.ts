import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { launchChromium } from '../lib/chromium.ts';
import { startTestDatabase } from '../lib/testdb.ts';
import { root, spawnServer } from './lib.ts';

/**
 * Records, from the start of each page the context opens, when `text` first appears in the document:
 * `performance.now()` (milliseconds since the navigation began) at the frame after it is added. Read it
 * with `textPaintedAt`. Timed in the page because Playwright's own waiting polls at up to 500 ms apart,
 * which a benchmark would otherwise count as the page's time.
 */
export async function recordTextPaint(context: BrowserContext, text: string): Promise<void> {
  await context.addInitScript((wanted) => {
    const w = window as unknown as { textPaintedAt?: number };
    const seen = new MutationObserver(() => {
      if (w.textPaintedAt !== undefined || !document.body?.textContent?.includes(wanted)) return;
      w.textPaintedAt = -1;
      seen.disconnect();
      requestAnimationFrame(() => (w.textPaintedAt = performance.now()));
    });
    seen.observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

/** Milliseconds from the page's navigation to the frame after the text `recordTextPaint` waits for. */
export async function textPaintedAt(page: Page, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const at = (window as unknown as { textPaintedAt?: number }).textPaintedAt;
      return at !== undefined && at > 0 ? at : null;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Milliseconds from the click `click` makes in the page to the frame after `ready` holds: a CSS selector
 * matches, or a text is in the document. Timed in the page from the click event, because Playwright's
 * own waiting polls at up to 500 ms, which a benchmark would otherwise count as the page's time.
 */
export async function clickToPaint(
  page: Page,
  click: () => Promise<void>,
  ready: { selector: string } | { text: string },
  timeout = 60_000,
): Promise<number> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { clickAt?: number; paintAt?: number };
    w.clickAt = undefined;
    w.paintAt = undefined;
    document.addEventListener('click', () => (w.clickAt ??= performance.now()), { capture: true, once: true });
    const seen = new MutationObserver(() => {
      if (w.clickAt === undefined || w.paintAt !== undefined) return;
      // Inline, not a named helper: tsx would wrap a named function in a helper the page does not have.
      if ('selector' in wanted ? !document.querySelector(wanted.selector) : !document.body?.textContent?.includes(wanted.text))
        return;
      w.paintAt = -1;
      requestAnimationFrame(() => (w.paintAt = performance.now()));
      seen.disconnect();
    });
    seen.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, ready);
  await click();
  const painted = await page.waitForFunction(
    () => {
      const w = window as unknown as { clickAt?: number; paintAt?: number };
      return w.clickAt !== undefined && w.paintAt !== undefined && w.paintAt > 0 ? w.paintAt - w.clickAt : null;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return (await painted.jsonValue()) as number;
}

/**
 * Waits until the page has fetched nothing new for `quietMs` (at most `timeout`): a person reads a screen
 * before clicking, and what the screen loads once it is idle (a next screen's code) is loaded by then.
 * Counted by the page's resource entries, since a deal's event stream keeps the network busy for ever.
 */
export async function settled(page: Page, quietMs = 1000, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < until) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count !== seen) [seen, since] = [count, Date.now()];
    else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/**
 * What the Chromium benchmarks run against: a database of their own, the server on it as `npm start`
 * runs it (its data in .test-data), a connection to seed it, and Chromium; all stopped and removed after.
 */
type Server = Awaited<ReturnType<typeof spawnServer>>;

export async function withServerAndChromium<T>(
  name: string,
  run: (env: {
    server: Server;
    sql: postgres.Sql;
    browser: Browser;
    /** Stops the server and starts it again on the same data: a start with nothing in memory. */
    restart: () => Promise<Server>;
  }) => Promise<T>,
): Promise<T> {
  const db = await startTestDatabase(name);
  const dataDir = mkdtempSync(join(root, '.test-data', `${name}-`));
  let server = await spawnServer(dataDir, { DATABASE_URL: db.url });
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  const browser = await launchChromium();
  const restart = async () => {
    await server.stop();
    server = await spawnServer(dataDir, { DATABASE_URL: db.url });
    return server;
  };
  try {
    return await run({ server, sql, browser, restart });
  } finally {
    await browser.close();
    await sql.end();
    await server.stop();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
