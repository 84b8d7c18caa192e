/**
 * Every screen on a phone (390 × 844, touch; docs/decisions.md decision 37): signed out, the error pages,
 * each tab of a deal with files in every AI state, the dialogs a phone user opens, the invitation page and
 * the admin portal. Each screen must fit the width (no sideways scroll) and its main actions must lie
 * inside it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import postgres from 'postgres';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  FIRST_LOAD_TIMEOUT,
  dealWithCategory,
  eventually,
  fileStatesApi,
  expectFitsWidth,
  expectHidden,
  expectText,
  expectVisible,
  expectWithinWidth,
  loginUser,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  useE2E,
  waitForMail,
  invitationLinkIn,
  inviteApi,
  type TestServer,
  uploadApi,
  fileRow,
} from './lib.ts';

/** Long names: a `1fr` column grows to its longest name, which is what pushed the dashboard off a phone. */
const REVIEW_FILE = 'FY2024 audited consolidated financial statements and independent auditors report (signed).txt';
const FAILED_FILE = 'Lease agreement for the office premises at 10 King Street London with all schedules.txt';

const upload = (server: TestServer, token: string, dealId: string, name: string, text: string, itemId?: string) =>
  uploadApi(server, token, dealId, { name, content: text, type: 'text/plain', checklistItems: itemId ? [itemId] : undefined });

/**
 * Marks a file's analysis as failed for good ('try_again', what three failed attempts leave): the embedded
 * worker's built-in classifier never fails, so the test writes the state as the database's own job
 * bookkeeping would.
 */
async function failAnalysis(server: TestServer, fileId: string) {
  const admin = postgres({
    host: '127.0.0.1',
    port: Number(readFileSync(join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]),
    user: 'postgres',
    password: readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim(),
    database: 'dataroom',
    max: 1,
    onnotice: () => {},
  });
  try {
    await admin`update public.files set ai_status = 'try_again' where id = ${fileId}`;
  } finally {
    await admin.end();
  }
}

describe('Phones', () => {
  const e2e = useE2E('phone');

  e2e.test(
    'signed out: login, register, the sign-in link and the error pages fit a phone',
    async ({ page }) => {
      await page.goto('/login');
      const login = page.getByRole('form', { name: 'Login' });
      await expectVisible(login, 'the Login form', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'login');
      await expectWithinWidth(login.getByRole('button', { name: 'Login', exact: true }));
      await snap(page, 'phone-login');

      // Forgot the password: the sign-in link by mail.
      await login.locator('input[name="email"]').fill(uniqueEmail('forgot'));
      await login.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expectText(page, 'Sign-in link sent');
      await expectFitsWidth(page, 'sign-in link sent');
      await snap(page, 'phone-sign-in-link');
      await page.goto('/login/magic?token=not-a-real-token');
      await expectVisible(page.getByRole('heading').first(), 'the sign-in link page', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'sign-in link page');
      await snap(page, 'phone-magic-link');

      await page.goto('/login');
      await page.getByRole('tab', { name: 'Register' }).click({ timeout: FIRST_LOAD_TIMEOUT });
      const register = page.getByRole('form', { name: 'Register' });
      await expectVisible(register, 'the Register form');
      await expectFitsWidth(page, 'register');
      await expectWithinWidth(register.getByRole('button', { name: 'Register', exact: true }));
      await snap(page, 'phone-register');

      for (const [path, text] of [
        ['/no-such-page', 'Page Not Found'],
        ['/access-denied', 'Access Denied'],
        ['/bad-request', 'Bad Request'],
        ['/server-error', 'Server Error'],
      ] as const) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { name: text }), `the ${text} page`, FIRST_LOAD_TIMEOUT);
        await expectFitsWidth(page, path);
        await snap(page, `phone-error-${path}`);
      }
    },
    { phone: true },
  );

  e2e.test(
    'a deal: every tab, the AI review, the row menu, the upload dialog and the bulk bar fit a phone',
    async ({ page, server }) => {
      const owner = await registerUser(server, uniqueEmail('phone-owner'));
      const {
        deal,
        items: [accounts],
      } = await dealWithCategory(
        server,
        owner.token,
        'Project Atlas acquisition of Northwind Holdings',
        { name: 'Financial statements and audit reports', code: 'F' },
        [
          {
            name: 'Audited financial statements for the last three financial years',
            description: 'Audited accounts for the last three years',
          },
          { name: 'Office leases' },
        ],
      );
      const reviewId = await upload(
        server,
        owner.token,
        deal.id,
        REVIEW_FILE,
        "Independent auditor's report to the shareholders. Balance sheet and income statement for the year ended 31 December 2024.",
      );
      const failedId = await upload(server, owner.token, deal.id, FAILED_FILE, 'Lease of the office premises.', accounts.id);
      for (const id of [reviewId, failedId]) {
        await eventually(
          async () => {
            const file = await fileStatesApi(server, owner.token, deal.id, id);
            assert.equal(file.ai_status, 'review');
          },
          30_000,
          250,
        );
      }
      await failAnalysis(server, failedId);
      const invitee = uniqueEmail('phone-invitee');
      await inviteApi(server, owner.token, deal.id, invitee, 'upload_view');
      const base = `/deals/${deal.id}`;
      const tab = (name: string) => page.getByRole('navigation', { name: 'Deal sections' }).getByRole('link', { name });

      // The deal list.
      await openSignedIn(page, owner.token, '/');
      await expectVisible(page.getByTestId('deal-card').first(), 'the deal card', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'deal list');
      await snap(page, 'phone-deal-list');

      // The dashboard: the pending-review card keeps its count and Review buttons on screen.
      await page.goto(base);
      const pending = page.getByTestId('pending-review');
      await expectVisible(pending.getByText(REVIEW_FILE), 'the file under Files Pending Review', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'dashboard');
      await expectWithinWidth(pending.getByRole('button', { name: 'Review' }).first(), tab('Dashboard'));
      await snap(page, 'phone-dashboard');
      await pending.getByRole('button', { name: 'Review' }).first().click();
      const modal = page.getByRole('dialog', { name: 'AI Analysis Review' });
      await expectVisible(modal.getByTestId('ai-recommended'), 'the AI Analysis Review dialog');
      await expectFitsWidth(page, 'AI review dialog');
      await expectWithinWidth(modal.getByRole('button', { name: 'Accept suggestion' }));
      await snap(page, 'phone-dashboard-ai-review');
      await page.keyboard.press('Escape');
      await expectHidden(modal, 'the AI Analysis Review dialog');

      // The data room keeps the AI status column: Review and Retry on the rows and in their menus.
      await tab('Data Room').click();
      const reviewRow = fileRow(page, REVIEW_FILE);
      const failedRow = fileRow(page, FAILED_FILE);
      await expectVisible(reviewRow.getByRole('button', { name: 'Review' }), 'Review on the row', FIRST_LOAD_TIMEOUT);
      await expectVisible(failedRow.getByRole('button', { name: 'Retry' }), 'Retry on the failed row');
      await expectFitsWidth(page, 'data room');
      await expectWithinWidth(
        reviewRow.getByRole('button', { name: 'Review' }),
        failedRow.getByRole('button', { name: 'Retry' }),
        failedRow.getByRole('button', { name: `Actions for ${FAILED_FILE}` }),
        tab('Data Room'),
      );
      await snap(page, 'phone-data-room');
      await failedRow.getByRole('button', { name: `Actions for ${FAILED_FILE}` }).tap();
      const retry = page.getByRole('menuitem', { name: 'Retry AI analysis' });
      await expectVisible(retry, "the row menu's Retry AI analysis");
      await expectWithinWidth(retry);
      await snap(page, 'phone-data-room-menu');
      await retry.tap();
      await expectText(page, 'AI analysis started');
      await reviewRow.getByRole('button', { name: `Actions for ${REVIEW_FILE}` }).tap();
      await page.getByRole('menuitem', { name: 'Review AI suggestion' }).tap();
      await expectVisible(modal.getByTestId('ai-recommended'), 'the AI Analysis Review dialog from the row menu');
      await expectFitsWidth(page, 'AI review dialog from the data room');
      await page.keyboard.press('Escape');
      await expectHidden(modal, 'the AI Analysis Review dialog');

      await page.getByRole('button', { name: 'Upload Files' }).first().tap();
      const uploadDialog = page.getByRole('dialog', { name: 'Upload Files' });
      await expectVisible(uploadDialog, 'the Upload Files dialog');
      await expectFitsWidth(page, 'upload dialog');
      await snap(page, 'phone-upload-dialog');
      await page.keyboard.press('Escape');
      await expectHidden(uploadDialog, 'the Upload Files dialog');

      // The file page.
      await page.goto(`${base}/files/${reviewId}`);
      await expectVisible(page.getByTestId('ai-recommended-item'), "the file page's AI card", FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'file page');
      await snap(page, 'phone-file-page');

      // The checklist and an item.
      await tab('Checklist').click();
      await expectVisible(page.getByText('Office leases').first(), 'the checklist items', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'checklist');
      await expectWithinWidth(tab('Checklist'));
      await snap(page, 'phone-checklist');
      await page.goto(`${base}/checklist/items/${accounts.id}`);
      await expectVisible(page.getByText(FAILED_FILE).first(), 'the connected file on the item page', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'checklist item');
      await snap(page, 'phone-checklist-item');

      // The review queue, with its bulk bar; each row's decisions stay on screen.
      await tab('Review Queue').click();
      const row = page.getByTestId('review-row').first();
      await expectVisible(row, 'the review queue rows', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'review queue');
      await expectWithinWidth(
        row.getByRole('button', { name: 'Approve' }),
        row.getByRole('button', { name: 'Request Changes' }),
        tab('Review Queue'),
      );
      await page.getByText('Select all').tap();
      const bar = page.getByTestId('review-bulk-bar');
      await expectVisible(bar, 'the bulk-action bar');
      await expectFitsWidth(page, 'review queue bulk bar');
      await expectWithinWidth(
        bar.getByRole('button', { name: 'Approve Selected' }),
        bar.getByRole('button', { name: 'Request Changes' }),
        bar.getByRole('button', { name: 'Clear selection' }),
      );
      await snap(page, 'phone-review-bulk-bar');

      await tab('Activity').click();
      await expectVisible(page.getByRole('heading', { name: 'Activity' }).first(), 'the activity page', FIRST_LOAD_TIMEOUT);
      await expectText(page, REVIEW_FILE);
      await expectFitsWidth(page, 'activity');
      await expectWithinWidth(tab('Activity'));
      await snap(page, 'phone-activity');

      await tab('Users').click();
      await expectVisible(
        page.getByTestId('user-row').filter({ hasText: owner.email }),
        'the owner among the users',
        FIRST_LOAD_TIMEOUT,
      );
      await expectFitsWidth(page, 'people');
      await expectWithinWidth(tab('Users'), page.getByRole('button', { name: 'Add Users' }).first());
      await snap(page, 'phone-people');
      await page.goto(`${base}/permissions`);
      await expectVisible(page.getByText('Custom sets').first(), 'the permission sets', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'permission sets');
      await snap(page, 'phone-permission-sets');

      await page.goto(`${base}/no-such-tab`);
      await expectText(page, 'Page Not Found', { exact: true, timeout: FIRST_LOAD_TIMEOUT });
      await expectFitsWidth(page, 'deal 404');
      await snap(page, 'phone-deal-404');

      await page.goto('/settings');
      await expectVisible(page.getByRole('heading', { name: 'Settings' }).first(), 'the settings page', FIRST_LOAD_TIMEOUT);
      await expectText(page, 'Two-Step Verification');
      await expectFitsWidth(page, 'settings');
      await snap(page, 'phone-settings');

      // The invitation page, as the invitee.
      const mail = await waitForMail(server, invitee);
      const link = invitationLinkIn(server, mail);
      const guest = await registerUser(server, invitee);
      await openSignedIn(page, guest.token, link.pathname + link.search);
      const card = page.getByTestId('invitation-card');
      await expectVisible(card, 'the invitation card', FIRST_LOAD_TIMEOUT);
      await expectFitsWidth(page, 'invitation');
      await expectWithinWidth(card.getByRole('button', { name: 'Accept' }));
      await snap(page, 'phone-invitation');
    },
    { phone: true, timeout: 180_000 },
  );

  e2e.test(
    'the admin portal fits a phone',
    async ({ page, server }) => {
      const admin = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      await openSignedIn(page, admin.token, '/admin');
      for (const [path, heading] of [
        ['/admin', 'Admin Dashboard'],
        ['/admin/catalog', 'Catalog Items'],
        ['/admin/presets', 'Checklist Presets'],
        ['/admin/super-admins', 'Super Admins'],
        ['/admin/users', 'User Management'],
        ['/admin/permission-sets', 'System Permission Sets'],
        ['/admin/audit', 'Audit Logs'],
        ['/admin/no-such-page', 'Page Not Found'],
      ] as const) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { name: heading }).first(), `the ${heading} page`, FIRST_LOAD_TIMEOUT);
        // The page's data, not its skeleton: wait until no spinner or skeleton is left.
        await expectHidden(page.locator('.chakra-skeleton, .chakra-spinner'), `${path} loaded`, FIRST_LOAD_TIMEOUT);
        await expectFitsWidth(page, path);
        await snap(page, `phone-admin-${path}`);
      }
    },
    { phone: true },
  );
});
