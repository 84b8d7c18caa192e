/**
 * Sessions and two-step verification in Chromium against the real server: turning it on in Settings
 * (the key read off the screen, codes computed as an authenticator app would), the code step after a
 * password, a short access token renewed without the person noticing, another device signed out from
 * the sessions list, and a deal whose admin requires two-step verification of everyone.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import * as OTPAuth from 'otpauth';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectPath,
  expectText,
  expectVisible,
  loginInUi,
  loginUser,
  logout,
  newContext,
  openSignedIn,
  registerUser,
  uniqueEmail,
  useE2E,
  joinDeal,
  checkScreen,
  createDealApi,
} from './lib.ts';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('Sessions and two-step verification', () => {
  const e2e = useE2E('mfa');

  e2e.test(
    'turn it on, sign in with a code, stay signed in past the access token, sign out another device',
    async ({ page, server }) => {
      const user = await registerUser(server, uniqueEmail('mfa'));
      await openSignedIn(page, user.token, '/settings#two-step-verification');
      await page.getByRole('button', { name: 'Set Up Two-Step Verification' }).click({ timeout: FIRST_LOAD_TIMEOUT });
      const dialog = page.getByRole('dialog', { name: 'Set Up Two-Step Verification' });
      await expectVisible(dialog.getByAltText('QR code for your authenticator app'), 'the QR code');
      const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      assert.match(secret, /^[A-Z2-7]{32}$/);
      await checkScreen(page, 'mfa-enrol');
      await dialog.getByLabel('Enter the 6-digit code the app shows').fill(codeFor(secret));
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      const codes = page.getByTestId('recovery-codes');
      await expectVisible(codes, 'the recovery codes');
      assert.equal((await codes.innerText()).split(/\s+/).filter((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c)).length, 10);
      await checkScreen(page, 'mfa-recovery-codes');
      await page.getByRole('button', { name: 'I Have Saved Them' }).click();
      await expectText(page, '10 recovery codes left. New codes replace the old ones.');

      // A password alone now leads to the code step, and nowhere else.
      await logout(page);
      await loginInUi(page, user.email, user.password);
      await expectPath(page, '/login/verify', FIRST_LOAD_TIMEOUT);
      await page.goto('/settings');
      await expectPath(page, '/login/verify', FIRST_LOAD_TIMEOUT);
      await checkScreen(page, 'mfa-code-step');
      await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/settings', FIRST_LOAD_TIMEOUT);

      // The access token expires (here: is replaced by a dead one); the app renews it and carries on.
      const spent = await page.evaluate(() => localStorage.getItem('refresh_token'));
      await page.evaluate(() => localStorage.setItem('access_token', 'expired.token.value'));
      await page.goto('/');
      await expectText(page, 'Welcome', { timeout: FIRST_LOAD_TIMEOUT });
      const renewed = await page.evaluate(() => ({
        access: localStorage.getItem('access_token'),
        refresh: localStorage.getItem('refresh_token'),
      }));
      assert.ok(renewed.access && renewed.access !== 'expired.token.value', 'a renewed access token is stored');
      assert.ok(renewed.refresh && renewed.refresh !== spent, 'and the next refresh token in place of the spent one');
      const works = await fetch(`${server.url}/api/deals`, { headers: { authorization: `Bearer ${renewed.access}` } });
      assert.equal(works.status, 200);

      // Another device: listed, then signed out from here.
      const phone = await apiCall<{ access_token: string }>(server, 'POST', '/auth/login', {
        email: user.email,
        password: user.password,
      });
      await page.goto('/settings#sessions');
      const rows = page.getByTestId('session-row');
      await expectVisible(rows.nth(1), 'two sessions', FIRST_LOAD_TIMEOUT);
      await expectVisible(rows.filter({ hasText: 'This device' }), 'this device marked');
      await checkScreen(page, 'mfa-sessions');
      const other = rows.filter({ hasNotText: 'This device' }).first();
      await other.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('dialog', { name: 'Sign Out Session' }).getByRole('button', { name: 'Sign Out' }).click();
      await expectText(page, 'Session signed out');
      const refused = await fetch(`${server.url}/api/user/profile`, {
        headers: { authorization: `Bearer ${phone.access_token}` },
      });
      assert.equal(refused.status, 401);
    },
  );

  e2e.test(
    'a deal that requires two-step verification: its admin turns it on, a member without it is led to set it up',
    async ({ page, browser, server }) => {
      const admin = await registerUser(server, uniqueEmail('mfa-admin'));
      const enrolment = await apiCall<{ id: string; secret: string }>(server, 'POST', '/auth/mfa/enroll', {}, admin.token);
      const verified = await apiCall<{ access_token: string; refresh_token: string }>(
        server,
        'POST',
        '/auth/mfa/verify',
        { factor_id: enrolment.id, code: codeFor(enrolment.secret) },
        admin.token,
      );
      const deal = await createDealApi(server, verified.access_token, 'Project Osprey');
      const member = await registerUser(server, uniqueEmail('mfa-member'));
      await joinDeal(server, verified.access_token, deal.id, member, 'upload_view');

      await page.goto('/favicon.svg');
      await page.evaluate(
        ([access, refresh]) => {
          localStorage.setItem('access_token', access);
          localStorage.setItem('refresh_token', refresh);
        },
        [verified.access_token, verified.refresh_token],
      );
      await page.goto(`/deals/${deal.id}`);
      await page.getByRole('button', { name: 'Edit Deal' }).click({ timeout: FIRST_LOAD_TIMEOUT });
      const edit = page.getByRole('dialog', { name: 'Edit Deal' });
      await edit.getByText('Require two-step verification').click();
      await checkScreen(page, 'mfa-deal-require');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectText(page, 'Deal updated successfully');

      const theirs = await newContext(browser, server);
      const theirPage = await theirs.newPage();
      const fresh = await loginUser(server, member.email, member.password);
      await openSignedIn(theirPage, fresh.token, '/');
      await expectVisible(theirPage.getByTestId('deals-need-verification'), 'the deals needing verification', FIRST_LOAD_TIMEOUT);
      await expectText(theirPage, 'Project Osprey: set up two-step verification to open it.');
      await checkScreen(theirPage, 'mfa-deal-list-banner');
      await theirPage.goto(`/deals/${deal.id}`);
      await expectVisible(theirPage.getByTestId('deal-mfa-required'), 'the explanation in place of the deal', FIRST_LOAD_TIMEOUT);
      await checkScreen(theirPage, 'mfa-deal-required');
      await theirPage.getByRole('link', { name: 'Set Up Two-Step Verification' }).click();
      await expectPath(theirPage, '/settings', FIRST_LOAD_TIMEOUT);
      await expectVisible(theirPage.getByRole('button', { name: 'Set Up Two-Step Verification' }), 'the set-up button');
      await theirs.close();
    },
  );
});
