/**
 * The core loop by keyboard alone (decision 38): two files uploaded through Upload Files, the review
 * queue opened from the deal's navigation, one file opened from the queue and approved on its page
 * through the status card, the other approved from the queue. Only Tab, Enter, Space and arrow keys: no
 * click. Every Tab stop on the way shows a focus ring; Edit on the status card moves focus into its form
 * and, when the form closes, back to Edit.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  FIRST_LOAD_TIMEOUT,
  listingApi,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  snap,
  useE2E,
  ownerWithDeal,
  openEmptyDataRoom,
} from './lib.ts';

/** Tab stops looked at before giving up on reaching an element (a page has fewer than this). */
const MAX_TAB_STOPS = 80;

interface FocusStop {
  /** Focus left the document's last element for the browser's own UI (or the body): a wrap, not a stop. */
  wrap: boolean;
  ring: boolean;
  html: string;
}

/**
 * What has focus now, and whether it (or the control drawn for a visually hidden input) shows a ring.
 * A string, not a function: tsx would wrap a function's inner helpers in a `__name` the page lacks.
 */
const FOCUS_STOP = `(() => {
  const el = document.activeElement;
  // Past the last stop, focus leaves the page for the browser's own UI: the page no longer has focus.
  if (!document.hasFocus() || !el || el === document.body || el === document.documentElement) {
    return { wrap: true, ring: false, html: '' };
  }
  const shows = (e) => {
    const style = getComputedStyle(e);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== '' && style.boxShadow !== 'none');
  };
  let ring = shows(el);
  if (!ring) {
    // Checkboxes and radios keep their input visually hidden and ring the control drawn beside it.
    const root = el.closest('[data-scope]') ?? el.closest('label');
    ring = !!root && [root, ...root.querySelectorAll('[data-focus-visible]')].some(shows);
  }
  return { wrap: false, ring, html: el.outerHTML.slice(0, 200) };
})()`;

const focusStop = (page: Page): Promise<FocusStop> => page.evaluate(FOCUS_STOP);

/** Presses Tab until `target` has focus, checking that every stop on the way shows a focus ring. */
async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  await expectVisible(target, what);
  const visited: string[] = [];
  for (let stop = 0; stop < MAX_TAB_STOPS; stop++) {
    await page.keyboard.press('Tab');
    const now = await focusStop(page);
    if (now.wrap) {
      visited.push('(wrap)');
      continue;
    }
    assert.ok(
      now.ring,
      `Tab stop without a visible focus ring on the way to ${what}: ${now.html}\nafter ${visited.join('\n  ')}`,
    );
    visited.push(now.html.slice(0, 80));
    if (await target.first().evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  assert.fail(`${what} was not reached in ${MAX_TAB_STOPS} Tab stops; focus went through:\n  ${visited.join('\n  ')}`);
}

/** Asserts which element has focus (by a locator that should match it). */
async function expectFocused(target: Locator, what: string): Promise<void> {
  const focused = await target.first().evaluate((el) => el === document.activeElement);
  const stop = await focusStop(target.page());
  assert.ok(focused, `Expected focus on ${what}, it is on ${stop.html || 'the page'}`);
  assert.ok(stop.ring, `${what} has focus but shows no focus ring`);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n`);

/** Opens the review queue from the deal's navigation with Tab and Enter, and waits for its count. */
async function openReviewQueueByKeyboard(page: Page, count: string): Promise<void> {
  await tabTo(page, page.getByRole('link', { name: 'Review Queue' }).first(), 'Review Queue');
  await page.keyboard.press('Enter');
  await expectText(page, count, { timeout: FIRST_LOAD_TIMEOUT });
}

describe('Keyboard', () => {
  const e2e = useE2E('keyboard');

  e2e.test('upload, review and approve with the keyboard alone, a focus ring on every stop', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'keyboard-owner', 'Project Keys');
    await openEmptyDataRoom(page, owner.token, deal.id);

    // Upload: the dialog's drop zone opens the system's file picker on Enter, as a click would.
    await tabTo(page, page.getByRole('button', { name: 'Upload Files' }).first(), 'Upload Files');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await expectVisible(dialog, 'the Upload Files dialog');
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, dialog.getByTestId('upload-picker'), 'the drop zone');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles([
      { name: 'Board minutes.pdf', mimeType: 'application/pdf', buffer: pdf('board minutes') },
      { name: 'Cap table.pdf', mimeType: 'application/pdf', buffer: pdf('cap table') },
    ]);
    await expectVisible(dialog.getByTestId('upload-file-list').getByText('Cap table.pdf', { exact: true }), 'the chosen files');
    await tabTo(page, dialog.getByRole('button', { name: 'Upload 2 files' }), 'Upload 2 files');
    await page.keyboard.press('Enter');
    const done = page.getByRole('dialog', { name: 'Upload complete' });
    await expectVisible(done.getByText('2 of 2 files uploaded'), "'2 of 2 files uploaded'", 20_000);
    await tabTo(page, done.getByRole('button', { name: 'Close', exact: true }).last(), 'Close');
    await page.keyboard.press('Enter');
    await expectHidden(done, "the 'Upload complete' modal");
    await expectText(page, '0 folders · 2 files');
    await snap(page, 'keyboard-uploaded');

    // Review: the queue from the deal's navigation, the first file opened from its row.
    await openReviewQueueByKeyboard(page, '2 items in queue');
    const boardRow = page.getByTestId('review-row').filter({ hasText: 'Board minutes.pdf' });
    await tabTo(page, boardRow.getByRole('button', { name: 'Board minutes.pdf' }), 'Board minutes.pdf in the queue');
    await page.keyboard.press('Enter');
    await expectPath(page, new RegExp(`^/deals/${deal.id}/files/`));
    const card = page.getByTestId('status-organization');
    await expectVisible(card.getByText('Pending'), 'the pending status', FIRST_LOAD_TIMEOUT);

    // Edit moves focus into the form; Cancel brings it back to Edit.
    const edit = card.getByRole('button', { name: 'Edit' });
    await tabTo(page, edit, 'Edit on the status card');
    await page.keyboard.press('Enter');
    const status = card.getByLabel('Approval status');
    await expectFocused(status, 'the approval status field');
    await tabTo(page, card.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await page.keyboard.press('Enter');
    await expectFocused(edit, 'Edit after Cancel');

    // Approve: Enter on Edit, the arrow keys choose Approved, Enter on Save Changes; focus returns to Edit.
    await page.keyboard.press('Enter');
    await expectFocused(status, 'the approval status field');
    for (let i = 0; i < 3 && (await status.inputValue()) !== 'approved'; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await status.inputValue(), 'approved', 'the arrow keys chose Approved');
    await snap(page, 'keyboard-status-form');
    await tabTo(page, card.getByRole('button', { name: 'Save Changes' }), 'Save Changes');
    await page.keyboard.press('Enter');
    await expectVisible(card.getByText('Approved'), 'the approved status');
    await expectFocused(edit, 'Edit after Save Changes');

    // The other file, approved from the queue with Space on its Approve button.
    await openReviewQueueByKeyboard(page, '1 item in queue');
    const capRow = page.getByTestId('review-row').filter({ hasText: 'Cap table.pdf' });
    await tabTo(page, capRow.getByRole('button', { name: 'Approve' }), 'Approve on Cap table.pdf');
    await snap(page, 'keyboard-review-queue');
    await page.keyboard.press('Space');
    await expectText(page, 'No items in review queue');

    const { files } = await listingApi(server, owner.token, deal.id);
    assert.deepEqual(files.map((f) => [f.name, f.approval_status]).sort(), [
      ['Board minutes.pdf', 'approved'],
      ['Cap table.pdf', 'approved'],
    ]);
  });
});
