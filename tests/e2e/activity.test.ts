/**
 * The deal's activity page in Chromium against the real server: an upload and a download appear with
 * their titles and authors, the type filter narrows the list, and an entry's link opens the file.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectPath,
  expectText,
  expectVisible,
  openSignedIn,
  uploadApi,
  useE2E,
  checkScreen,
  ownerWithDeal,
} from './lib.ts';

describe('Activity feed', () => {
  const e2e = useE2E('activity');

  e2e.test('shows the upload and the download, filters by type, and opens the file from its entry', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'activity-owner', 'Project Activity');
    const fileId = await uploadApi(server, owner.token, deal.id, {
      name: 'SPA draft.txt',
      content: 'Share purchase agreement, draft 3',
      type: 'text/plain',
    });
    await apiCall(server, 'GET', `/deals/${deal.id}/files/${fileId}/download-url`, undefined, owner.token);

    await openSignedIn(page, owner.token, `/deals/${deal.id}/activity`);
    await expectText(page, 'Activity Feed', { timeout: FIRST_LOAD_TIMEOUT });
    const entries = page.getByTestId('activity-entry');
    await expectVisible(entries.filter({ hasText: 'File Uploaded' }), 'the upload entry');
    await expectVisible(entries.filter({ hasText: 'File Downloaded' }), 'the download entry');
    await expectVisible(entries.filter({ hasText: 'Deal Created' }), 'the deal creation entry');
    await expectText(page, '3 activities');
    await checkScreen(page, 'activity-feed');

    await page.getByLabel('Activity type').selectOption('download');
    await expectText(page, '1 of 3 activities');
    assert.equal(await entries.count(), 1);
    await page.getByLabel('Search activity').fill('no such words');
    await expectText(page, 'No activities found');
    await page.getByLabel('Search activity').fill('');

    await entries.first().getByRole('link', { name: 'Open file' }).click();
    await expectPath(page, `/deals/${deal.id}/files/${fileId}`);
    await expectText(page, 'SPA draft.txt', { timeout: FIRST_LOAD_TIMEOUT });
  });

  e2e.test('an archived deal shows the Archived banner and no write button, and still downloads', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'archived-owner', 'Project Closed');
    await uploadApi(server, owner.token, deal.id, { name: 'Closing set.txt', content: 'Final closing set', type: 'text/plain' });
    await apiCall(server, 'PUT', `/deals/${deal.id}/archive`, undefined, owner.token);

    await openSignedIn(page, owner.token, `/deals/${deal.id}/files`);
    await expectVisible(page.getByTestId('archived-banner'), 'the Archived banner', FIRST_LOAD_TIMEOUT);
    await expectText(page, 'Closing set.txt');
    for (const name of ['Upload Files', 'Create Folder', 'Import Folder', 'Edit Deal', 'Archive Deal']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button in an archived deal`);
    }
    await page
      .getByRole('button', { name: /more actions|actions/i })
      .first()
      .click()
      .catch(() => {});
    for (const name of ['Archive', 'Delete']) {
      assert.equal(await page.getByRole('menuitem', { name }).count(), 0, `no ${name} in the file's menu of an archived deal`);
    }
    await page.keyboard.press('Escape');
    await checkScreen(page, 'archived-data-room');
    await page.goto(`/deals/${deal.id}/users`);
    await expectVisible(page.getByTestId('archived-banner'), 'the Archived banner on the people page', FIRST_LOAD_TIMEOUT);
    await expectText(page, 'Users & Permissions');
    assert.equal(await page.getByRole('button', { name: 'Add Users' }).count(), 0, 'no Add Users in an archived deal');
  });
});
