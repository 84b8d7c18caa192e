/**
 * The admin portal's people in Chromium against the real server: a promoted user reaches /admin and,
 * revoked, sees Access Denied; a password reset lets the new password in and shuts the old token out;
 * a deleted user's comment stays, by a deleted user.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectHidden,
  expectText,
  expectVisible,
  loginUser,
  openSignedIn,
  newContext,
  registerUser,
  uniqueEmail,
  useE2E,
  joinDeal,
  uploadApi,
  checkScreen,
  createDealApi,
} from './lib.ts';

describe('Admin portal: people', () => {
  const e2e = useE2E('admin');

  e2e.test('promote a user, who reaches /admin; revoke them, who then sees Access Denied', async ({ page, browser, server }) => {
    const admin = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await registerUser(server, uniqueEmail('promoted'));
    await openSignedIn(page, admin.token, '/admin/super-admins');
    await expectVisible(page.getByTestId('super-admin-row').first(), 'the super admins list', FIRST_LOAD_TIMEOUT);
    await page.getByRole('button', { name: 'Promote User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Promote User' });
    await dialog.getByLabel('Search users to promote').fill(user.email);
    const row = dialog.getByTestId('eligible-user').filter({ hasText: user.email });
    await expectVisible(row, 'the user among the eligible');
    await checkScreen(page, 'admin-promote');
    await row.getByRole('button', { name: 'Promote' }).click();
    await page.getByRole('dialog', { name: 'Promote to Super Admin' }).getByRole('button', { name: 'Promote' }).click();
    await expectText(page, `${user.email} is now a super admin`);
    await expectVisible(page.getByTestId('super-admin-row').filter({ hasText: user.email }), 'the new super admin in the list');

    const theirs = await newContext(browser, server);
    const theirPage = await theirs.newPage();
    await openSignedIn(theirPage, user.token, '/admin/users');
    await expectVisible(
      theirPage.getByRole('heading', { name: 'User Management' }),
      'the portal for the promoted user',
      FIRST_LOAD_TIMEOUT,
    );

    await page.getByTestId('super-admin-row').filter({ hasText: user.email }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke Super Admin' }).getByRole('button', { name: 'Revoke' }).click();
    await expectText(page, `${user.email} is no longer a super admin`);
    await theirPage.goto('/admin');
    await expectText(theirPage, "You don't have permission to access this area", { timeout: FIRST_LOAD_TIMEOUT });
    await theirs.close();
  });

  e2e.test(
    'reset a password: the new one signs in, the old token is refused; delete a user, whose comment stays',
    async ({ page, server }) => {
      const admin = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      const user = await registerUser(server, uniqueEmail('reset'));
      const deal = await createDealApi(server, admin.token, 'Comment deal');
      const fileId = await uploadApi(server, admin.token, deal.id, { name: 'Minutes.txt', content: 'minutes' });
      await joinDeal(server, admin.token, deal.id, user, 'upload_view');
      await apiCall(
        server,
        'POST',
        `/deals/${deal.id}/files/${fileId}/comments`,
        { comment: 'Signed copy to follow' },
        user.token,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100)); // tokens carry whole seconds

      await openSignedIn(page, admin.token, '/admin/users');
      await page.getByLabel('Search users').fill(user.email);
      const row = page.getByTestId('user-row').filter({ hasText: user.email });
      await expectVisible(row, 'the user row', FIRST_LOAD_TIMEOUT);
      await row.getByRole('button', { name: `Reset the password of ${user.email}` }).click();
      const reset = page.getByRole('dialog', { name: 'Reset Password' });
      await reset.getByLabel('New Password').fill('new-password-9');
      await reset.getByLabel('Confirm Password').fill('new-password-8');
      await reset.getByRole('button', { name: 'Reset Password' }).click();
      await expectText(page, 'Passwords do not match');
      await reset.getByLabel('Confirm Password').fill('new-password-9');
      await checkScreen(page, 'admin-reset-password');
      await reset.getByRole('button', { name: 'Reset Password' }).click();
      await expectText(page, 'Password reset successfully');
      const old = await fetch(`${server.url}/api/user/profile`, { headers: { authorization: `Bearer ${user.token}` } });
      assert.equal(old.status, 401);
      const fresh = await loginUser(server, user.email, 'new-password-9');
      assert.ok(fresh.token);

      await row.getByRole('button', { name: `Delete ${user.email}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete User' });
      await expectVisible(
        confirm.getByText(`Are you sure you want to delete ${user.email}? This action cannot be undone.`),
        'the confirmation',
      );
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectText(page, 'User deleted successfully');
      await expectHidden(row, 'the deleted user row');

      await page.goto(`/deals/${deal.id}/files/${fileId}`);
      await expectText(page, 'Signed copy to follow', { timeout: FIRST_LOAD_TIMEOUT });
      await expectText(page, 'Deleted user');
      await checkScreen(page, 'admin-deleted-author');
      await page.goto('/admin/audit');
      await expectText(page, 'User Deleted', { timeout: FIRST_LOAD_TIMEOUT });
      await checkScreen(page, 'admin-audit');
    },
  );
});
