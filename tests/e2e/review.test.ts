/**
 * The review queue in Chromium against the real server: three pending files selected and approved with
 * Shift+A leave the queue and read Approved on their pages; R sends the highlighted checklist item back;
 * the activity page shows those decisions. Approving a file in the queue takes it out of the dashboard's
 * pending count and list and the deal card's count, though its AI suggestion is still open (decision 36).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  eventually,
  fileStatesApi,
  expectHidden,
  expectText,
  expectVisible,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  dealWithCategory,
  uploadApi,
  useE2E,
  checkScreen,
} from './lib.ts';

describe('Review queue', () => {
  const e2e = useE2E('review');

  e2e.test('Shift+A approves three files, R requests changes on an item, and the feed shows both', async ({ page, server }) => {
    const owner = await registerUser(server, uniqueEmail('review-owner'));
    const {
      deal,
      items: [item],
    } = await dealWithCategory(server, owner.token, 'Project Review', { name: 'Corporate', code: 'A' }, [
      { name: 'Articles of association' },
    ]);
    const fileIds: string[] = [];
    for (const name of ['Board minutes.pdf', 'Cap table.xlsx', 'Share register.pdf']) {
      // The item has a file to decide on (an item with none is an empty request, hidden by default).
      const checklistItems = name === 'Board minutes.pdf' ? [item.id] : undefined;
      fileIds.push(await uploadApi(server, owner.token, deal.id, { name, content: `contents of ${name}`, checklistItems }));
    }

    await openSignedIn(page, owner.token, `/deals/${deal.id}/review`);
    await expectText(page, '4 items in queue', { timeout: FIRST_LOAD_TIMEOUT });
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Item Type').selectOption('files');
    await expectText(page, '3 items in queue');
    await checkScreen(page, 'review-queue');
    await page.getByText('Select all').click();
    await expectVisible(page.getByTestId('review-bulk-bar'), 'the bulk-action bar');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+A');
    await expectText(page, '3 items approved successfully');
    await expectText(page, 'No items in review queue');

    for (const id of fileIds) {
      const file = await fileStatesApi(server, owner.token, deal.id, id);
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
    await checkScreen(page, 'review-activity');
  });

  e2e.test(
    'approving in the queue drops the dashboard count, its list and the deal card, open AI suggestion or not',
    async ({ page, server }) => {
      const owner = await registerUser(server, uniqueEmail('pending-owner'));
      const { deal } = await dealWithCategory(server, owner.token, 'Project Pending', { name: 'Corporate', code: 'C' }, [
        { name: 'Board minutes' },
        { name: 'Share register' },
      ]);
      const files: Record<string, string> = {};
      for (const [name, text] of [
        ['Board minutes 2024.txt', 'Minutes of the meeting of the board of directors.'],
        ['Share register.txt', 'Register of members and their shares.'],
      ]) {
        files[name] = await uploadApi(server, owner.token, deal.id, { name, content: text, type: 'text/plain' });
      }
      // Both files carry an open AI suggestion once the worker is done; approving must not wait for it.
      await eventually(async () => {
        for (const id of Object.values(files)) {
          const file = await fileStatesApi(server, owner.token, deal.id, id);
          assert.equal(file.ai_status, 'review');
        }
      }, 30_000);

      const pendingCount = page.getByTestId('stat-card').filter({ hasText: 'Files pending review' }).getByTestId('stat-value');
      const pendingList = page.getByTestId('pending-review');
      await openSignedIn(page, owner.token, `/deals/${deal.id}`);
      await expectVisible(pendingCount.getByText('2', { exact: true }), 'two files pending review', FIRST_LOAD_TIMEOUT);
      await expectVisible(pendingList.getByText('Board minutes 2024.txt'), 'the minutes under Files Pending Review');
      await expectVisible(pendingList.getByText('Share register.txt'), 'the register under Files Pending Review');

      await page.getByRole('link', { name: 'Review Queue' }).first().click();
      const row = page.getByTestId('review-row').filter({ hasText: 'Board minutes 2024.txt' });
      await expectVisible(row, 'the minutes in the queue', FIRST_LOAD_TIMEOUT);
      await row.getByRole('button', { name: 'Approve' }).click();
      await expectText(page, '1 item approved successfully');
      await expectHidden(row, 'the approved row');

      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await expectVisible(pendingCount.getByText('1', { exact: true }), 'one file pending review', FIRST_LOAD_TIMEOUT);
      await expectHidden(pendingList.getByText('Board minutes 2024.txt'), 'the approved file under Files Pending Review');
      await expectVisible(pendingList.getByText('Share register.txt'), 'the other file, still pending');
      await snap(page, 'review-dashboard-after-approve');

      await page.goto('/');
      const card = page.getByTestId('deal-card').filter({ hasText: 'Project Pending' });
      await expectVisible(card.getByText('1 pending review'), "the deal card's count", FIRST_LOAD_TIMEOUT);
      await snap(page, 'review-deal-card');
    },
  );
});
