/**
 * The review queue in Chromium against the real server: three pending files selected and approved with
 * Shift+A leave the queue and read Approved on their pages; R sends the highlighted checklist item back;
 * the activity page shows those decisions.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectText,
  expectVisible,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  dealWithCategory,
  useE2E,
  expectAccessible,
} from './lib.ts';

describe('Review queue', () => {
  const e2e = useE2E('review');

  e2e.test('Shift+A approves three files, R requests changes on an item, and the feed shows both', async ({ page, server }) => {
    const owner = await registerUser(server, uniqueEmail('review-owner'));
    const { deal, category } = await dealWithCategory(server, owner.token, 'Project Review', { name: 'Corporate', code: 'A' });
    const item = await apiCall<{ id: string }>(
      server,
      'POST',
      `/deals/${deal.id}/checklist/items`,
      { name: 'Articles of association', category_id: category.id },
      owner.token,
    );
    const fileIds: string[] = [];
    for (const name of ['Board minutes.pdf', 'Cap table.xlsx', 'Share register.pdf']) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(`contents of ${name}`)]), name);
      form.append('path', '/');
      // The item has a file to decide on (an item with none is an empty request, hidden by default).
      if (name === 'Board minutes.pdf') form.append('checklist_items', JSON.stringify([item.id]));
      const res = await fetch(`${server.url}/api/deals/${deal.id}/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      assert.equal(res.status, 201);
      fileIds.push(((await res.json()) as { file_id: string }).file_id);
    }

    await openSignedIn(page, owner.token, `/deals/${deal.id}/review`);
    await expectText(page, '4 items in queue', { timeout: FIRST_LOAD_TIMEOUT });
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Item Type').selectOption('files');
    await expectText(page, '3 items in queue');
    await snap(page, 'review-queue');
    await expectAccessible(page, 'review-queue');
    await page.getByText('Select all').click();
    await expectVisible(page.getByTestId('review-bulk-bar'), 'the bulk-action bar');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+A');
    await expectText(page, '3 items approved successfully');
    await expectText(page, 'No items in review queue');

    for (const id of fileIds) {
      const file = await apiCall<{ approval_status: string }>(
        server,
        'GET',
        `/deals/${deal.id}/files/${id}`,
        undefined,
        owner.token,
      );
      assert.equal(file.approval_status, 'approved');
    }
    await page.goto(`/deals/${deal.id}/files/${fileIds[0]}`);
    await expectText(page, 'Approved', { timeout: FIRST_LOAD_TIMEOUT });

    await page.goto(`/deals/${deal.id}/review`);
    await expectText(page, '1 item in queue', { timeout: FIRST_LOAD_TIMEOUT });
    await expectVisible(page.getByTestId('review-row').filter({ hasText: 'Articles of association' }), 'the checklist item row');
    await page.keyboard.press('r');
    await expectText(page, 'Changes requested on 1 item');
    await expectText(page, 'No items in review queue');
    const checklist = await apiCall<{ approval_status: string }>(
      server,
      'GET',
      `/deals/${deal.id}/checklist/items/${item.id}`,
      undefined,
      owner.token,
    );
    assert.equal(checklist.approval_status, 'changes_requested');

    await page.goto(`/deals/${deal.id}/activity`);
    await expectText(page, 'Approved "Board minutes.pdf"', { timeout: FIRST_LOAD_TIMEOUT });
    await expectText(page, 'Requested changes on "Articles of association"');
    await snap(page, 'review-activity');
    await expectAccessible(page, 'review-activity');
  });
});
