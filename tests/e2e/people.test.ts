/**
 * People and permissions, walked in Chromium against the real server: the owner invites a new e-mail
 * with the upload_only set from Add Users, the invitee gets the mail, registers and accepts from the deal
 * list banner; upload_only hides the owner's files until a group with the edit set adds them, and
 * suspension takes the deal away.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  eventually,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  mailsTo,
  newContext,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  useE2E,
  waitForMail,
  invitationLinkIn,
  inviteApi,
  uploadApi,
  joinDeal,
  listingApi,
  checkScreen,
  ownerWithDeal,
} from './lib.ts';
import type { Page } from 'playwright-core';

describe('People and permissions', () => {
  const e2e = useE2E('people');

  e2e.test(
    'invite with upload_only, the mailed link prefills registration and lands back on it to accept, group with edit reveals files, suspension removes the deal',
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project People');
      await uploadApi(server, owner.token, deal.id, {
        name: 'owner-report.txt',
        content: 'owner only until edit',
        type: 'text/plain',
      });
      assert.deepEqual(
        (await listingApi(server, owner.token, deal.id)).files.map((f) => f.name),
        ['owner-report.txt'],
      );

      // The owner invites a new e-mail from Add Users with the upload_only set.
      const inviteeEmail = uniqueEmail('invitee');
      await openSignedIn(page, owner.token, `/deals/${deal.id}/users`);
      await page.getByRole('button', { name: 'Add Users' }).first().click({ timeout: FIRST_LOAD_TIMEOUT });
      const dialog = page.getByRole('dialog', { name: 'Add Users' });
      await expectVisible(dialog, 'the Add Users dialog');
      await dialog.locator('textarea[name="emails"]').fill(inviteeEmail);
      await dialog.getByLabel('Permission set').selectOption({ label: 'Upload Only' });
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expectText(page, 'Invitation sent');
      await expectHidden(dialog, 'the Add Users dialog after sending');
      await checkScreen(page, 'people-invited');

      // The mail in /dev/mail carries the invitation's own link, with the address and a token.
      const mail = await waitForMail(server, inviteeEmail);
      const linkUrl = invitationLinkIn(server, mail);
      assert.equal(linkUrl.searchParams.get('email'), inviteeEmail);
      assert.match(linkUrl.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{20,}$/, 'an unguessable token in the link');

      // Someone else, signed in, who opens the link is told it is for another address.
      const stranger = await registerUser(server, uniqueEmail('stranger'));
      const strangerContext = await newContext(e2e.browser, server);
      try {
        const strangerPage = await strangerContext.newPage();
        await openSignedIn(strangerPage, stranger.token, linkUrl.pathname + linkUrl.search);
        await expectText(strangerPage, 'This invitation is for another address', { timeout: FIRST_LOAD_TIMEOUT });
        await checkScreen(strangerPage, 'invitation-other-address');
      } finally {
        await strangerContext.close();
      }

      // The invitee, signed out, opens the link in a fresh browser: the login page has the address filled
      // in; they register and accept on the invitation page, with no other mail to open.
      const inviteeContext = await newContext(e2e.browser, server);
      try {
        const inviteePage = await inviteeContext.newPage();
        await inviteePage.goto(linkUrl.pathname + linkUrl.search);
        await expectPath(inviteePage, /^\/login/);
        await expectText(inviteePage, `Sign in or register with ${inviteeEmail} to answer your invitation.`, {
          timeout: FIRST_LOAD_TIMEOUT,
        });
        assert.equal(
          await inviteePage.getByRole('form', { name: 'Login' }).locator('input[name="email"]').inputValue(),
          inviteeEmail,
        );
        await checkScreen(inviteePage, 'invitation-login-prefilled');
        await inviteePage.getByRole('tab', { name: 'Register' }).click();
        const form = inviteePage.getByRole('form', { name: 'Register' });
        assert.equal(await form.locator('input[name="email"]').inputValue(), inviteeEmail);
        await form.locator('input[name="password"]').fill('password123');
        await form.locator('input[name="confirmPassword"]').fill('password123');
        await form.getByRole('button', { name: 'Register', exact: true }).click();
        // The link proved the address (decision 33): back on the invitation at once, no mail to open.
        await expectPath(inviteePage, new RegExp(`^/invitations/`));
        const card = inviteePage.getByTestId('invitation-card');
        await expectVisible(card, 'the invitation card', FIRST_LOAD_TIMEOUT);
        assert.deepEqual(
          (await mailsTo(server, inviteeEmail)).map((m) => m.subject),
          [mail.subject],
          'the invitation is the only mail to the invitee',
        );
        await expectVisible(card.getByText("You're invited to Project People"), 'the deal name on the invitation');
        await checkScreen(inviteePage, 'invitation-page');
        await card.getByRole('button', { name: 'Accept' }).click();
        await expectText(inviteePage, 'Invitation accepted! Loading deal...');
        await expectPath(inviteePage, new RegExp(`^/deals/${deal.id}`));
        await expectVisible(
          inviteePage.getByTestId('deal-name').filter({ hasText: 'Project People' }),
          'the deal name for the invitee',
        );
        await checkScreen(inviteePage, 'people-accepted');
        const token = await inviteePage.evaluate(() => localStorage.getItem('access_token'));
        assert.ok(token, 'the invitee is signed in');
        const me = await apiCall<{ id: string }>(server, 'GET', '/user/profile', undefined, token);
        const invitee = { token, user: { id: me.id } };

        // upload_only: the owner's file is not listed for the invitee.
        assert.deepEqual(
          (await listingApi(server, invitee.token, deal.id)).files.map((f) => f.name),
          [],
          'upload_only hides the owner file',
        );

        // A group holding the edit set, with the invitee in it, reveals the file.
        const sets = await apiCall<{ id: string; name: string }[]>(
          server,
          'GET',
          `/deals/${deal.id}/permissions/sets`,
          undefined,
          owner.token,
        );
        const editSet = sets.find((s) => s.name === 'edit');
        assert.ok(editSet, `the edit set among ${sets.map((s) => s.name).join(', ')}`);
        const group = await apiCall<{ id: string }>(
          server,
          'POST',
          `/deals/${deal.id}/permissions/groups`,
          { name: 'Editors', description: '', permission_set_id: editSet.id, color: '#6366F1' },
          owner.token,
        );
        await apiCall(
          server,
          'PUT',
          `/deals/${deal.id}/users/${invitee.user.id}/enhanced`,
          { group_ids: [group.id] },
          owner.token,
        );
        await eventually(async () => {
          assert.deepEqual(
            (await listingApi(server, invitee.token, deal.id)).files.map((f) => f.name),
            ['owner-report.txt'],
          );
        });

        // Suspended: the deal answers 404 and leaves the invitee's deal list.
        await inviteePage.goto('/');
        await expectVisible(
          inviteePage.getByTestId('deal-card').filter({ hasText: 'Project People' }),
          'the deal card before suspension',
          FIRST_LOAD_TIMEOUT,
        );
        await apiCall(server, 'PUT', `/deals/${deal.id}/users/${invitee.user.id}/enhanced`, { status: 'suspended' }, owner.token);
        const res = await fetch(`${server.url}/api/deals/${deal.id}`, { headers: { Authorization: `Bearer ${invitee.token}` } });
        assert.equal(res.status, 404, 'a suspended member gets 404 for the deal');
        await inviteePage.reload();
        await expectVisible(inviteePage.getByTestId('deal-count'), 'the deal count after suspension', FIRST_LOAD_TIMEOUT);
        await expectHidden(
          inviteePage.getByTestId('deal-card').filter({ hasText: 'Project People' }),
          'the deal card after suspension',
        );
        await checkScreen(inviteePage, 'people-suspended');
      } finally {
        await inviteeContext.close().catch(() => {});
      }
    },
    { timeout: 180_000 }, // axe-core on eight screens too
  );

  e2e.test(
    "the owner makes co-counsel an admin in Edit User; co-counsel then has the deal's admin actions (decision 34)",
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'admins-owner', 'Project Counsel');
      const counsel = await registerUser(server, uniqueEmail('co-counsel'));
      await joinDeal(server, owner.token, deal.id, counsel, 'upload_view');
      const adminAction = (p: Page, name: string) =>
        p.getByRole('button', { name, exact: true }).or(p.getByRole('link', { name, exact: true }));

      const counselContext = await newContext(e2e.browser, server);
      try {
        // Before: co-counsel sees the dashboard without the admin actions.
        const counselPage = await counselContext.newPage();
        await openSignedIn(counselPage, counsel.token, `/deals/${deal.id}`);
        await expectVisible(counselPage.getByText('Open checklist'), 'the dashboard for co-counsel', FIRST_LOAD_TIMEOUT);
        await expectVisible(counselPage.getByTestId('deal-name'), "the deal's header for co-counsel");
        for (const name of ['Edit Deal', 'Manage Users', 'Invite User'])
          assert.equal(await adminAction(counselPage, name).count(), 0, `no "${name}" before the grant`);

        // The owner opens co-counsel in Edit User, chooses the Admin role and confirms.
        await openSignedIn(page, owner.token, `/deals/${deal.id}/users`);
        await page.getByRole('row', { name: `Open ${counsel.email}` }).click({ timeout: FIRST_LOAD_TIMEOUT });
        const drawer = page.getByRole('dialog', { name: 'Edit User' });
        await expectVisible(drawer, 'the Edit User panel');
        await drawer.getByLabel('Role').selectOption('admin');
        await snap(page, 'people-role-admin-chosen');
        await drawer.getByRole('button', { name: 'Save Changes' }).click();
        const confirm = page.getByRole('dialog', { name: 'Make admin' });
        await expectVisible(confirm, 'the Make admin confirmation');
        await snap(page, 'people-make-admin-confirm');
        await confirm.getByRole('button', { name: 'Make Admin' }).click();
        await expectText(page, 'User updated successfully');
        await expectHidden(confirm, 'the confirmation after saving');
        await expectVisible(
          page.getByRole('row', { name: `Open ${counsel.email}` }).getByText('Admin', { exact: true }),
          "co-counsel's Admin badge",
        );
        await snap(page, 'people-counsel-admin');

        // The feed says who did it.
        const entries = await apiCall<{ description: string }[]>(
          server,
          'GET',
          `/deals/${deal.id}/activity`,
          undefined,
          counsel.token,
        );
        assert.ok(
          entries.some((e) => e.description === `Made ${counsel.email} an admin`),
          `the grant in the feed (${entries.map((e) => e.description).join('; ')})`,
        );

        // After: co-counsel has Manage Users, Invite User and Edit Deal.
        await counselPage.reload();
        await expectVisible(counselPage.getByText('Open checklist'), 'the dashboard for co-counsel again', FIRST_LOAD_TIMEOUT);
        for (const name of ['Edit Deal', 'Manage Users', 'Invite User'])
          await expectVisible(adminAction(counselPage, name).first(), `"${name}" for co-counsel`, FIRST_LOAD_TIMEOUT);
        await snap(counselPage, 'people-counsel-admin-dashboard');
        await adminAction(counselPage, 'Edit Deal').first().click();
        await expectVisible(counselPage.getByRole('dialog', { name: 'Edit Deal' }), 'the Edit Deal dialog for co-counsel');
      } finally {
        await counselContext.close().catch(() => {});
      }
    },
    { timeout: 120_000 },
  );

  e2e.test(
    'signed in before the address was proved, the invitation link confirms it and the invitation is answered',
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Early');
      // Registered (and signed in) before the invitation came, the address never confirmed.
      const invitee = await registerUser(server, uniqueEmail('early'), 'password123', { confirmed: false });
      await inviteApi(server, owner.token, deal.id, invitee.email, 'upload_view');
      const mail = await waitForMail(server, invitee.email, { seen: 1 });
      const linkUrl = invitationLinkIn(server, mail);

      await openSignedIn(page, invitee.token, linkUrl.pathname + linkUrl.search);
      await expectText(page, 'This invitation link was mailed to', { timeout: FIRST_LOAD_TIMEOUT });
      await snap(page, 'invitation-confirm-with-link');
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      const card = page.getByTestId('invitation-card');
      await expectVisible(card, 'the invitation card once the address is confirmed', FIRST_LOAD_TIMEOUT);
      await card.getByRole('button', { name: 'Accept' }).click();
      await expectPath(page, new RegExp(`^/deals/${deal.id}`));
      await expectVisible(page.getByTestId('deal-name').filter({ hasText: 'Project Early' }), 'the deal for the invitee');
    },
    { timeout: 120_000 },
  );
});
