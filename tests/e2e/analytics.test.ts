/**
 * Who read what (docs/decisions.md decision 46) in Chromium against the real server: a member's views
 * and page times, recorded through the API as the viewer sends them, show on the file page's "Views"
 * card and on the deal's analytics page for the deal admin, with the CSV export; the member sees neither
 * (no card, no tab, Access Denied at the URL), and the feed shows the view.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectPath,
  expectText,
  expectVisible,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  useE2E,
  type TestServer,
  uploadApi,
  joinDeal,
  checkScreen,
  ownerWithDeal,
} from './lib.ts';

/** A text file uploaded through the API into `path`; its id. */
const upload = (server: TestServer, token: string, dealId: string, name: string, path: string) =>
  uploadApi(server, token, dealId, { name, content: `The text of ${name}`, type: 'text/plain', path });

describe('Analytics', () => {
  const e2e = useE2E('analytics');

  e2e.test(
    "the admin sees a member's views on the file page and the analytics page; the member sees neither",
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'analytics-owner', 'Project Lens');
      await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Finance' }, owner.token);
      const model = await upload(server, owner.token, deal.id, 'Financial model.txt', '/Finance');
      const teaser = await upload(server, owner.token, deal.id, 'Teaser.txt', '/');
      const reader = await registerUser(server, uniqueEmail('analytics-reader'));
      await joinDeal(server, owner.token, deal.id, reader, 'upload_view');

      // What the viewer sends: a view when a document opens, then page times in batches.
      const read = async (fileId: string, ...batches: { page: number; seconds: number }[][]) => {
        const base = `/deals/${deal.id}`;
        const opened = await apiCall<{ view_id: string }>(
          server,
          'POST',
          `${base}/files/${fileId}/views`,
          { version_number: 1 },
          reader.token,
        );
        for (const pages of batches)
          await apiCall(server, 'POST', `${base}/views/${opened.view_id}/pages`, { pages }, reader.token);
      };
      await read(model, [
        { page: 1, seconds: 60 },
        { page: 2, seconds: 30 },
      ]);
      await read(model, [{ page: 3, seconds: 30 }]);
      await read(teaser);

      // The admin: the file page's Views card.
      await openSignedIn(page, owner.token, `/deals/${deal.id}/files/${model}`);
      const card = page.getByTestId('views-card');
      await expectVisible(card, 'the Views card', FIRST_LOAD_TIMEOUT);
      const row = card.getByTestId('viewer-row').filter({ hasText: reader.email });
      await expectVisible(row, "the member's row");
      assert.match(await row.innerText(), /2 views · 2m/);
      await snap(page, 'analytics-file-views-card');

      // The Analytics tab: totals, chart, documents, members, folders.
      await page.getByRole('navigation', { name: 'Deal sections' }).getByRole('link', { name: 'Analytics' }).click();
      await expectPath(page, `/deals/${deal.id}/analytics`);
      await expectVisible(page.getByTestId('total-views'), 'the totals', FIRST_LOAD_TIMEOUT);
      assert.equal((await page.getByTestId('total-views').innerText()).trim(), '3');
      await expectVisible(page.getByRole('img', { name: /Views per day: 3 views/ }), 'the chart');
      await expectVisible(
        page.getByTestId('documents-table').getByRole('link', { name: 'Financial model.txt' }),
        'the most-read document',
      );
      await expectVisible(page.getByTestId('members-table').getByText(reader.email).first(), 'the member');
      await expectText(page, '/Finance');
      await checkScreen(page, 'analytics-page');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const saved = await download;
      const csv = readFileSync((await saved.path()) as string, 'utf8');
      assert.match(csv, /^"Document","Folder","Member","Email","Views","Seconds"/);
      assert.match(csv, /"Financial model\.txt","\/Finance","[^"]*","[^"]+","2","120"/);

      await page.getByLabel('Period').selectOption('custom');
      await page.getByLabel('From').fill('2001-01-01');
      await page.getByLabel('To').fill('2001-01-31');
      await expectText(page, 'No views in this period.');
      assert.match(page.url(), /period=custom&from=2001-01-01&to=2001-01-31$/, 'both dates, typed quickly, are kept');
      await snap(page, 'analytics-empty');

      // The feed shows the view to the admin.
      await page.getByRole('navigation', { name: 'Deal sections' }).getByRole('link', { name: 'Activity' }).click();
      await expectVisible(
        page.getByTestId('activity-entry').filter({ hasText: 'Document Viewed' }),
        'a view entry',
        FIRST_LOAD_TIMEOUT,
      );

      // The member: no card, no tab, Access Denied at the URL.
      await openSignedIn(page, reader.token, `/deals/${deal.id}/files/${model}`);
      await expectText(page, 'Financial model.txt', { timeout: FIRST_LOAD_TIMEOUT });
      await expectText(page, 'Versions');
      assert.equal(await page.getByTestId('views-card').count(), 0, 'no Views card for a member without manage_users');
      assert.equal(await page.getByRole('link', { name: 'Analytics' }).count(), 0, 'no Analytics tab');
      await page.goto(`/deals/${deal.id}/analytics`);
      await expectText(page, 'Access Denied', { timeout: FIRST_LOAD_TIMEOUT });
      await snap(page, 'analytics-denied');
    },
  );
});
