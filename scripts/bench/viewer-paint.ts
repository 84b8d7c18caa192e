/**
 * `npm run bench -- viewer`, in Chromium (issue 34's first budget): from the click on "Open" in the data
 * room to the first page of a 300-page PDF painted (`data-rendered` on page 1), against the real server
 * as `npm start` runs it, after the AI worker has read the file. Three view-only members, each opening
 * it for the first time (the server stamps their copy on that request), and the deal admin three times
 * (the original, streamed by range). The click comes once the data room has settled (nothing fetched
 * for a second), as a person's would: what the data room loads when idle, the viewer's code and pdf.js's
 * worker, is loaded by then. The server prepares the document for stamping once the AI worker has read
 * it (decisions 58, 59), and keeps it in the blob store: each reader's open fills their stamp into it,
 * and so does a fourth reader's, measured after the server is restarted with nothing in memory.
 * VIEWER_PAINT_PROFILE=<dir> writes the page's CPU profile of each open there (open it in DevTools).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clickToPaint, settled, withServerAndChromium } from './chromium.ts';
import { apiJson } from './lib.ts';
import { bigPdf } from './viewer.ts';

type Row = [string, string, string];
const PAGES = Number(process.env.VIEWER_PAGES ?? 300);
const NAME = 'Disclosure letter.pdf';

export async function viewerPaintBench(): Promise<Row[]> {
  return withServerAndChromium('bench-viewer-paint', async ({ server: started, sql, browser, restart }) => {
    let server = started;
    const api = `${server.url}/api`;
    const json = apiJson(api);
    const register = (email: string) => json('POST', '/auth/register', undefined, { email, password: 'bench-password' });
    const owner = await register('viewer-paint-owner@example.com');
    const deal = await json('POST', '/deals', owner.access_token, { name: 'Viewer paint bench', checklist_preset: 'blank' });
    const form = new FormData();
    form.append('path', '/');
    form.append('file', new Blob([Buffer.from(await bigPdf(PAGES))], { type: 'application/pdf' }), NAME);
    const up = await fetch(`${api}/deals/${deal.id}/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.access_token}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const set = await json('POST', `/deals/${deal.id}/permissions/sets`, owner.access_token, {
      name: 'Readers',
      description: 'Read only',
      capabilities: ['view'],
    });
    const readers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reader = await register(`viewer-paint-reader-${i}@example.com`);
      // Members straight into the table: an invitation would first want the address confirmed by mail.
      await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id)
                values (${deal.id}, ${reader.user.id}, 'member', ${set.id})`;
      readers.push(reader.access_token);
    }
    // The AI worker reads the upload first, so it does not share the cores with what is measured.
    for (let i = 0; i < 1500; i++) {
      const stats = await json('GET', `/deals/${deal.id}/dashboard/stats`, owner.access_token);
      if (stats.files_processing + stats.files_queued === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const openOnce = async (token: string) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
      const page = await context.newPage();
      await page.goto(`${server.url}/deals/${deal.id}/files`);
      const open = page.getByRole('link', { name: `Open ${NAME}` });
      await open.waitFor({ timeout: 60_000 });
      await page.waitForLoadState('load');
      await settled(page);
      const profileDir = process.env.VIEWER_PAINT_PROFILE;
      const cdp = profileDir ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const ms = await clickToPaint(page, () => open.click(), {
        selector: '[data-testid="pdf-scroller"] [data-page="1"][data-rendered="true"]',
      });
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(join(profileDir!, `viewer-paint-${Date.now()}.cpuprofile`), JSON.stringify(profile));
      }
      await context.close();
      return ms;
    };
    const firstOpens: number[] = [];
    for (const token of readers.slice(0, 3)) firstOpens.push(await openOnce(token));
    const adminOpens: number[] = [];
    for (let i = 0; i < 3; i++) adminOpens.push(await openOnce(owner.access_token));
    server = await restart();
    // The data room's first load after a start (the web build, the database's caches) is not the viewer's.
    await openOnce(owner.access_token);
    const afterRestart = await openOnce(readers[3]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    return [
      [
        `Chromium: click on Open to page 1 painted, view-only members' first opens (stamped), median of 3`,
        `${median(firstOpens).toFixed(0)} ms`,
        `budget <= 1,000 ms (runs in order: ${list(firstOpens)} ms)`,
      ],
      [
        `Chromium: click on Open to page 1 painted, a view-only member's first open after a restart (stamped)`,
        `${afterRestart.toFixed(0)} ms`,
        'budget <= 1,000 ms (the document prepared before the restart, read back from the blob store)',
      ],
      [
        `Chromium: click on Open to page 1 painted, deal admin (original), median of 3`,
        `${median(adminOpens).toFixed(0)} ms`,
        `budget <= 1,000 ms (runs: ${list(adminOpens)} ms)`,
      ],
    ];
  });
}
