/**
 * The AI assistant in Chromium against the real server: a file uploaded in the data room is analysed
 * by the embedded worker and its row turns to Review without a reload (live events); the dashboard
 * lists it under Files Pending Review; accepting in the AI Analysis Review modal links it to the
 * recommended checklist item, whose page then shows it among the connected files.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectHidden,
  expectText,
  expectVisible,
  registerUser,
  snap,
  uniqueEmail,
  dealWithCategory,
  uploadApi,
  useE2E,
  fileRow,
  openEmptyDataRoom,
} from './lib.ts';

describe('AI assistant', () => {
  const e2e = useE2E('ai');

  e2e.test('upload → analysed live → review on the dashboard → accept → the item lists the file', async ({ page, server }) => {
    const owner = await registerUser(server, uniqueEmail('ai-owner'));
    const {
      deal,
      items: [accounts],
    } = await dealWithCategory(server, owner.token, 'Project Atlas', { name: 'Financial', code: 'F' }, [
      { name: 'Audited financial statements', description: 'Audited accounts for the last three years' },
      { name: 'Office leases' },
      { name: 'Employment contracts' },
    ]);

    await openEmptyDataRoom(page, owner.token, deal.id);
    const name = 'FY2024 audited accounts.txt';
    await page.getByRole('button', { name: 'Upload Files' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByLabel('Choose files').setInputFiles([
      {
        name,
        mimeType: 'text/plain',
        buffer: Buffer.from(
          "Independent auditor's report to the shareholders. Balance sheet and income statement for the year ended 31 December 2024.",
        ),
      },
    ]);
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await expectHidden(dialog, 'the Upload Files dialog');
    const overlay = page.getByRole('dialog', { name: 'Upload complete' });
    await expectVisible(overlay, "the 'Upload complete' modal", 20_000);
    await overlay.getByRole('button', { name: 'Close', exact: true }).last().click();

    // No reload from here on: the row's badge turns to Review when the worker is done.
    const row = fileRow(page, name);
    await expectVisible(row.getByRole('button', { name: 'Review' }), 'the Review button on the row', 20_000);
    await snap(page, 'ai-dataroom-review');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const pending = page.getByTestId('pending-review');
    await expectVisible(pending.getByText(name), 'the file under Files Pending Review', FIRST_LOAD_TIMEOUT);
    await expectVisible(pending.getByText('Suggested: Audited financial statements'), 'the suggestion');
    await pending.getByRole('button', { name: 'Review' }).click();
    const modal = page.getByRole('dialog', { name: 'AI Analysis Review' });
    await expectVisible(
      modal.getByTestId('ai-recommended').getByText('Audited financial statements'),
      'the recommended item in the modal',
    );
    await expectVisible(modal.getByTestId('ai-reasoning'), 'the reasoning');
    await snap(page, 'ai-review-modal');
    await modal.getByRole('button', { name: 'Accept suggestion' }).click();
    await expectText(page, 'AI suggestion accepted successfully');
    await expectHidden(modal, 'the AI Analysis Review modal');
    // The suggestion is settled; the file itself still awaits approval (decision 36).
    await expectHidden(pending.getByText('Suggested: Audited financial statements'), 'the settled suggestion');
    await expectVisible(pending.getByText(name), 'the file, still pending review');
    await snap(page, 'ai-dashboard-after-accept');

    await page.goto(`/deals/${deal.id}/checklist/items/${accounts.id}`);
    await expectVisible(page.getByText(name).first(), 'the file among the connected files', FIRST_LOAD_TIMEOUT);
    await snap(page, 'ai-item-connected');
    const item = await apiCall<{ connected_files: { id?: string; file_id?: string; name: string }[] }>(
      server,
      'GET',
      `/deals/${deal.id}/checklist/items/${accounts.id}`,
      undefined,
      owner.token,
    );
    assert.deepEqual(
      item.connected_files.map((f) => f.name),
      [name],
    );

    // A second file, uploaded elsewhere, waits in the checklist's AI suggestions panel and on its page.
    const lease = 'Lease 10 King Street.txt';
    const leaseId = await uploadApi(server, owner.token, deal.id, {
      name: lease,
      content: 'Lease of the office premises at 10 King Street between the landlord and the tenant. Signed by Maria Lopez.',
      type: 'text/plain',
    });
    await page.goto(`/deals/${deal.id}/checklist`);
    const panel = page.getByTestId('ai-suggestions');
    await expectVisible(panel.getByText(lease), 'the lease in the AI suggestions panel', FIRST_LOAD_TIMEOUT);
    await expectVisible(panel.getByText('Office leases'), 'the suggested item in the panel');
    await snap(page, 'ai-checklist-panel');

    await page.goto(`/deals/${deal.id}/files/${leaseId}`);
    await expectVisible(
      page.getByTestId('ai-recommended-item').getByText('Office leases'),
      'the recommended item on the file page',
      FIRST_LOAD_TIMEOUT,
    );
    await snap(page, 'ai-file-page');
    await page.getByRole('button', { name: 'Re-run AI' }).click();
    await expectText(page, 'AI analysis started');
    // Back to a suggestion without a reload (live events, or the 3 s poll).
    await expectVisible(page.getByRole('button', { name: 'Review suggestion' }), 'the new suggestion after Re-run AI', 20_000);
    // The fields still 'Not set' get filled: the title from the file name, the category from the
    // suggestion, the people from the text; the toast names what it could not find.
    const details = page.getByTestId('document-details');
    const detail = (label: string) => details.locator(`[data-label="${label}"]`);
    await expectVisible(detail('Formatted title').getByText('Not set'), "the formatted title 'Not set'");
    await expectVisible(detail('Custom category').getByText('Not set'), "the custom category 'Not set'");
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await expectText(page, /AI filled \d+ fields?/);
    await expectText(page, /^Filled: Formatted title, Custom category, .*People.*\. Could not find: .*Organizations\.$/);
    await expectVisible(detail('Formatted title').getByText('Lease 10 King Street'), 'the formatted title');
    await expectVisible(detail('Custom category').getByText('Financial'), 'the custom category');
    await expectVisible(page.getByTestId('people-organizations').getByText('Maria Lopez'), 'the person named in the text');
    await snap(page, 'ai-file-page-generated');
  });
});
