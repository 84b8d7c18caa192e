/**
 * Search inside documents in Chromium against the real server (issue 35): a PDF whose phrase appears
 * only inside it (on its second page) is uploaded and read by the embedded AI worker; `/` opens the
 * search, the phrase finds it with the page named and the words marked, and the hit opens the file.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectPath,
  expectText,
  expectVisible,
  openSignedIn,
  snap,
  uploadApi,
  useE2E,
  ownerWithDeal,
} from './lib.ts';

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Vendor due diligence report: summary of findings.', { x: 50, y: 780, size: 11, font });
  doc.addPage([595, 842]).drawText('The zephyr covenant survives closing for three years.', { x: 50, y: 780, size: 11, font });
  return doc.save();
}

describe('Search inside documents', () => {
  const e2e = useE2E('search');

  e2e.test('upload a PDF → analysed → "/" → the phrase finds it on page 2 → the hit opens the file', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'search-owner', 'Project Zephyr');
    const file = {
      id: await uploadApi(server, owner.token, deal.id, {
        name: 'Findings.pdf',
        content: await twoPagePdf(),
        type: 'application/pdf',
      }),
    };
    // The state to wait for: the worker has read the file.
    for (;;) {
      const status = await apiCall<{ status: string }>(
        server,
        'GET',
        `/deals/${deal.id}/files/${file.id}/ai-analysis/status`,
        undefined,
        owner.token,
      );
      if (!['queued', 'processing'].includes(status.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await openSignedIn(page, owner.token, `/deals/${deal.id}`);
    await expectText(page, 'Project Zephyr', { timeout: FIRST_LOAD_TIMEOUT });
    await page.keyboard.press('/');
    await expectPath(page, `/deals/${deal.id}/search`);
    const box = page.getByLabel('Search inside documents');
    await expectVisible(box, 'the search box', FIRST_LOAD_TIMEOUT);
    await page.keyboard.type('"zephyr covenant"');
    const hit = page.getByTestId('search-hit').first();
    await expectVisible(hit.getByRole('link', { name: 'Findings.pdf' }), 'the hit', FIRST_LOAD_TIMEOUT);
    await expectVisible(hit.getByText(/Page 2/), 'the page of the hit');
    assert.deepEqual(await hit.locator('mark').allTextContents(), ['zephyr', 'covenant']);
    await snap(page, 'search-results');
    await hit.getByRole('link', { name: 'Findings.pdf' }).click();
    // The hit opens the document in the viewer at the hit's page.
    await expectPath(page, new RegExp(`^/deals/${deal.id}/files/${file.id}/view\\?page=2$`));
    await expectText(page, 'Findings.pdf', { timeout: FIRST_LOAD_TIMEOUT });
  });
});
