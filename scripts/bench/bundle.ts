import { get, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { withServerAndChromium } from './chromium.ts';

type Row = [string, string, string];

/** One request of a page load as Chromium saw it (CDP Network domain). */
interface Seen {
  type?: string;
  encoding: string;
  url: string;
  /** Asked for once the screen's content was shown: a prefetch for the next screen, not this one's load. */
  afterContent: boolean;
  /** No response reached the page's session: a dedicated worker's script, which its own target loads. */
  outOfPage?: boolean;
  /** An event stream never finishes: it is not waited for. */
  stream: boolean;
  done: boolean;
  /** Bytes on the wire (headers and body as received, compressed when it was). */
  wire: number;
  /** The body's bytes once decoded: what the wire figure is measured against. */
  decoded: number;
}

/** Generous: the machine is shared, and a cold first load also compiles the app's JavaScript. */
const TIMEOUT = Number(process.env.BUNDLE_TIMEOUT ?? 120_000);
/** After the content shows, the load counts as over once no request has been open for this long. */
const QUIET_MS = 500;

/** What a screen shows once loaded, as the page itself can check it on every change of its DOM. */
type ContentMark = { selector: string } | { heading: string } | { text: string };

/**
 * Runs in the page before its scripts: reports through the CDP binding, in the same task as the change
 * that showed the content, so every request the page makes after it (an idle prefetch) is counted as
 * after, whatever the order in which Playwright's own polling notices it. A string, not a function:
 * tsx would wrap a serialised function's inner functions in a helper the page does not have.
 */
const REPORT_CONTENT_SHOWN = `(mark => {
  const observer = new MutationObserver(() => {
    const shown = 'selector' in mark
      ? document.querySelector(mark.selector) !== null
      : 'heading' in mark
        ? [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === mark.heading)
        : [...document.querySelectorAll('body *')].some((e) => e.textContent.trim() === mark.text);
    if (!shown) return;
    observer.disconnect();
    globalThis.__benchContentShown?.('');
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})`;

async function firstLoad(
  browser: Browser,
  url: string,
  token: string | undefined,
  mark: ContentMark,
  content: (page: Page) => Promise<unknown>,
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
  await context.addInitScript({ content: `${REPORT_CONTENT_SHOWN}(${JSON.stringify(mark)})` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const seen = new Map<string, Seen>();
  let lastEvent = Date.now();
  let contentShown = false;
  const acceptEncoding = new Map<string, string>();
  const of = (id: string) => {
    lastEvent = Date.now();
    let entry = seen.get(id);
    if (!entry)
      seen.set(
        id,
        (entry = { url: '', afterContent: contentShown, encoding: 'none', stream: false, done: false, wire: 0, decoded: 0 }),
      );
    return entry;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    of(e.requestId).url = e.request.url;
    // A worker's request shows no Accept-Encoding here (the network stack adds it): Chromium's own then.
    acceptEncoding.set(e.requestId, String(e.request.headers['Accept-Encoding'] ?? 'gzip, deflate, br, zstd'));
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = of(e.requestId);
    entry.type = e.type;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    entry.encoding = headers['content-encoding'] ?? 'none';
    entry.stream = e.response.mimeType === 'text/event-stream';
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = of(e.requestId);
    entry.decoded += e.dataLength;
    entry.wire += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = of(e.requestId);
    entry.wire = e.encodedDataLength;
    entry.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => void (of(e.requestId).done = true));
  cdp.on('Runtime.bindingCalled', (e) => void (e.name === '__benchContentShown' && (contentShown = true)));
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__benchContentShown' });
  await cdp.send('Network.enable');
  try {
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    await content(page);
    contentShown = true;
    const deadline = Date.now() + TIMEOUT;
    const quiet = () => Date.now() - lastEvent >= QUIET_MS;
    const open = () => [...seen.values()].filter((r) => !r.done && !r.stream && !(quiet() && r.type === undefined));
    while (open().length > 0 || !quiet()) {
      if (Date.now() > deadline) throw new Error(`${url}: still open after ${TIMEOUT / 1000} s: ${open().map((r) => r.url)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const [id, r] of seen) if (!r.done && !r.stream) Object.assign(r, await fetchRaw(r.url, acceptEncoding.get(id) ?? ''));
    return [...seen.values()];
  } finally {
    await context.close();
  }
}

/** A request as a browser's target would make it: the body's bytes as sent, and decoded. */
async function fetchRaw(url: string, acceptEncoding: string): Promise<Partial<Seen>> {
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, resolve).on('error', reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const encoding = String(res.headers['content-encoding'] ?? 'none');
  const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  const type = String(res.headers['content-type'] ?? '').includes('javascript') ? 'Script' : 'Other';
  return { outOfPage: true, done: true, type, encoding, wire: body.length, decoded: decoded.length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (requests: Seen[], key: 'wire' | 'decoded') => requests.reduce((total, r) => total + r[key], 0);

/**
 * `npm run bench -- bundle`: what a first visit of each screen costs on the wire, as Chromium records it
 * against the server as `npm start` runs it, beside the same bytes decoded (the anchor).
 */
export async function bundleBench(): Promise<Row[]> {
  return withServerAndChromium('bench-bundle', async ({ server, sql, browser }) => {
    const api = `${server.url}/api`;
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const session = (await post('/auth/register', { email: 'bundle-bench@example.com', password: 'bench-password' })) as {
      access_token: string;
      user: { id: string };
    };
    const token = session.access_token;
    // The default checklist, a folder and a hundred files: each screen has something to show.
    const deal = (await post('/deals', { name: 'Bundle bench', checklist_preset: 'default' }, token)) as { id: string };
    await post(`/deals/${deal.id}/folders`, { name: 'Financials' }, token);
    await sql`
      insert into public.files (deal_id, name, file_type, size_bytes, current_version, tags, upload_state, uploaded_by)
      select ${deal.id}, 'Bench document ' || lpad(i::text, 3, '0') || '.pdf', 'pdf', 1000 + i, 1, array['finance'], 'ready', ${session.user.id}
      from generate_series(1, 100) i`;
    await sql`analyze`;

    const screens: [string, string, boolean, ContentMark][] = [
      ['sign-in', '/login', false, { selector: 'form[aria-label="Login"] input[name="email"]' }],
      ['dashboard', `/deals/${deal.id}`, true, { heading: 'Bundle bench' }],
      ['data room', `/deals/${deal.id}/data-room`, true, { text: 'Bench document 001.pdf' }],
      ['checklist', `/deals/${deal.id}/checklist`, true, { heading: 'Due Diligence Checklist' }],
      ['review queue', `/deals/${deal.id}/review`, true, { heading: 'Review Queue' }],
      ['activity', `/deals/${deal.id}/activity`, true, { heading: 'Activity Feed' }],
      ['people', `/deals/${deal.id}/users`, true, { text: 'bundle-bench@example.com' }],
    ];
    /** The same mark as Playwright finds it: the load's end does not rest on the page's report alone. */
    const waitFor = (mark: ContentMark) => (page: Page) =>
      ('selector' in mark
        ? page.locator(mark.selector)
        : 'heading' in mark
          ? page.getByRole('heading', { level: 1, name: mark.heading })
          : page.getByText(mark.text, { exact: true })
      )
        .first()
        .waitFor({ timeout: TIMEOUT });
    const rows: Row[] = [];
    for (const [name, path, signedIn, mark] of screens) {
      const requests = await firstLoad(browser, `${server.url}${path}`, signedIn ? token : undefined, mark, waitFor(mark));
      if (process.env.BUNDLE_VERBOSE)
        for (const r of requests) console.log(name, r.afterContent ? 'after' : 'before', r.type, r.wire, r.decoded, r.url);
      const scripts = requests.filter((r) => r.type === 'Script' && !r.afterContent);
      const prefetched = requests.filter((r) => r.type === 'Script' && r.afterContent);
      const encodings = new Map<string, number>();
      for (const r of requests) encodings.set(r.encoding, (encodings.get(r.encoding) ?? 0) + 1);
      rows.push(
        [
          `${name}: JavaScript (${scripts.length} files) on the wire / decoded`,
          `${kb(sum(scripts, 'wire'))} / ${kb(sum(scripts, 'decoded'))}`,
          `${((100 * sum(scripts, 'wire')) / sum(scripts, 'decoded')).toFixed(0)}% (budget <= 150 KB on the wire)`,
        ],
        [
          `  every request (${requests.length}) on the wire / decoded`,
          `${kb(sum(requests, 'wire'))} / ${kb(sum(requests, 'decoded'))}`,
          `${((100 * sum(requests, 'wire')) / sum(requests, 'decoded')).toFixed(0)}%; ${[...encodings].map(([e, n]) => `${e} ${n}`).join(', ')}`,
        ],
      );
      if (prefetched.length > 0)
        rows.push([
          `  then, once shown, JavaScript for the next screens (${prefetched.length} files${prefetched.some((r) => r.outOfPage) ? ', a worker among them' : ''})`,
          `${kb(sum(prefetched, 'wire'))} / ${kb(sum(prefetched, 'decoded'))}`,
          'prefetched when idle; not part of the screen',
        ]);
    }
    return rows;
  });
}
