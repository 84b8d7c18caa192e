/**
 * The in-app viewer in Chromium against the real server (issue 34): a member whose permission set holds
 * `view` but not `download` opens a PDF from the data room, pages through it with the toolbar and the keys,
 * finds their own e-mail in the document's text (the watermark the server drew into the pages, read through
 * pdf.js's text content), and meets no Download button anywhere on the screen.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  eventually,
  expectAccessible,
  expectVisible,
  joinDeal,
  openSignedIn,
  registerUser,
  screensDir,
  uniqueEmail,
  uploadApi,
  useE2E,
  ownerWithDeal,
} from './lib.ts';
import { docxPages } from '../../scripts/bench/office-documents.ts';

async function boardMinutes(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Board minutes, page ${i}`, { x: 60, y: 720, size: 20, font });
    for (let line = 0; line < 20; line += 1) {
      page.drawText(`Resolution ${i}.${line + 1}: the board approved the matter.`, { x: 60, y: 680 - line * 22, size: 12, font });
    }
  }
  return doc.save();
}

describe('Viewer', () => {
  const e2e = useE2E('viewer');

  e2e.test('a view-only member reads a watermarked PDF page by page, with no way to download it', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'viewer-owner', 'Project Viewer');
    const fileId = await uploadApi(server, owner.token, deal.id, {
      name: 'Board minutes.pdf',
      content: await boardMinutes(5),
      type: 'application/pdf',
    });

    // A permission set with view and nothing else: read in the room, never take a copy.
    const readers = await apiCall<{ id: string }>(
      server,
      'POST',
      `/deals/${deal.id}/permissions/sets`,
      { name: 'Readers', description: 'Read only', capabilities: ['view'] },
      owner.token,
    );
    const reader = await registerUser(server, uniqueEmail('viewer-reader'));
    await joinDeal(server, owner.token, deal.id, reader, readers.id);

    await openSignedIn(page, reader.token, `/deals/${deal.id}/files`);
    const row = page.getByTestId('file-row').filter({ hasText: 'Board minutes.pdf' });
    await expectVisible(row, 'the file row', FIRST_LOAD_TIMEOUT);
    assert.equal(await row.getByRole('button', { name: /Download/ }).count(), 0, 'a view-only row offers no download');
    await row.getByRole('link', { name: 'Open Board minutes.pdf' }).click();

    const pages = page.getByTestId('pdf-scroller');
    await expectVisible(pages.locator('[data-page="1"][data-rendered="true"]'), 'the first page painted', FIRST_LOAD_TIMEOUT);
    await expectVisible(page.getByText('View only'), 'the view-only badge');
    const status = page.getByTestId('page-status');
    assert.equal(await status.textContent(), 'Page 1 of 5');

    // Paging: the keys and the toolbar, each page painted when it comes into view.
    await page.keyboard.press('ArrowRight');
    await eventually(async () => assert.equal(await status.textContent(), 'Page 2 of 5'));
    await page.getByRole('button', { name: 'Next page' }).click();
    await eventually(async () => assert.equal(await status.textContent(), 'Page 3 of 5'));
    await expectVisible(pages.locator('[data-page="3"][data-rendered="true"]'), 'page 3 painted');
    assert.match(page.url(), /[?&]page=3\b/);

    // The watermark is in the document the server sent: pdf.js's text content holds the reader's e-mail.
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Search in document' }).fill(reader.email);
    await eventually(
      async () => assert.match((await page.getByTestId('search-count').textContent()) ?? '', /^1 of \d+$/),
      15_000,
    );
    await expectVisible(page.getByTestId('search-highlight'), 'the matched watermark outlined');
    mkdirSync(screensDir, { recursive: true });
    await page.screenshot({ path: join(screensDir, 'viewer--view-only-watermark.png') });

    // No download anywhere on the screen, and printing shows a notice instead of the document.
    assert.equal(await page.getByRole('button', { name: /Download/ }).count(), 0, 'the viewer offers no download');
    await page.emulateMedia({ media: 'print' });
    await expectVisible(page.getByText('Printing is not available for this document.'), 'the print notice');
    assert.equal(await page.getByTestId('viewer-document').isVisible(), false, 'the document is not printed');
    await page.emulateMedia({ media: 'screen' });

    await expectAccessible(page, 'viewer');

    // Leaving the viewer sends the time left on the page clock; the deal admin then finds the member's view
    // and time in the file page's Views card.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectVisible(row, 'the data room again');
    await eventually(async () => {
      const { viewers } = await apiCall<{ viewers: { email: string; views: number; seconds: number }[] }>(
        server,
        'GET',
        `/deals/${deal.id}/files/${fileId}/views`,
        undefined,
        owner.token,
      );
      const mine = viewers.find((v) => v.email === reader.email);
      assert.ok(mine && mine.views === 1 && mine.seconds > 0, `the reader's view and time: ${JSON.stringify(viewers)}`);
    });
    await openSignedIn(page, owner.token, `/deals/${deal.id}/files/${fileId}`);
    const card = page.getByTestId('views-card');
    await expectVisible(card, 'the Views card', FIRST_LOAD_TIMEOUT);
    const viewerRow = card.getByTestId('viewer-row').filter({ hasText: reader.email });
    await expectVisible(viewerRow, "the reader's row");
    assert.match(await viewerRow.innerText(), /1 view · (\d+m )?\d+s/);
  });

  e2e.test('a Word document opens converted to PDF, page by page', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'viewer-docx', 'Project Convert');
    await uploadApi(server, owner.token, deal.id, {
      name: 'Share purchase agreement.docx',
      content: docxPages(3),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    await openSignedIn(page, owner.token, `/deals/${deal.id}/files`);
    const row = page.getByTestId('file-row').filter({ hasText: 'Share purchase agreement.docx' });
    await expectVisible(row, 'the file row', FIRST_LOAD_TIMEOUT);
    await row.getByRole('link', { name: 'Open Share purchase agreement.docx' }).click();

    // LibreOffice converts it once (a job, as the AI's analysis is); the viewer waits for it and shows the PDF.
    const pages = page.getByTestId('pdf-scroller');
    await expectVisible(pages.locator('[data-page="1"][data-rendered="true"]'), 'the converted first page', 60_000);
    assert.equal(await page.getByTestId('page-status').textContent(), 'Page 1 of 3');
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Search in document' }).fill('Page 2');
    await eventually(
      async () => assert.match((await page.getByTestId('search-count').textContent()) ?? '', /^1 of \d+$/),
      15_000,
    );
    mkdirSync(screensDir, { recursive: true });
    await page.screenshot({ path: join(screensDir, 'viewer--docx-converted.png') });
  });
});
