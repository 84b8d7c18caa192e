import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isChecked, renderRoutes } from '../../test/utils';
import { DEAL_ID, fakePeopleApi, writes } from './testing';
import { UsersPage } from './users-page';

async function openAddUsers() {
  renderRoutes([{ path: '/deals/:dealId/users', element: <UsersPage /> }], `/deals/${DEAL_ID}/users`);
  fireEvent.click(await screen.findByRole('button', { name: /Add Users/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
  // Wait for the permission sets to arrive in the select.
  await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
  return dialog;
}

const emailsBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Email addresses/ });
const setSelect = (dialog: HTMLElement) => within(dialog).getByLabelText('Permission set');
const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Send .*Invitation/ });

describe('Add Users', () => {
  it('keeps Send disabled without a permission set or without addresses, and says why', async () => {
    const calls = fakePeopleApi();
    const dialog = await openAddUsers();
    expect(submit(dialog)).toBeDisabled();

    fireEvent.change(emailsBox(dialog), { target: { value: 'foo, bar' } });
    expect(await within(dialog).findByText('Please enter at least one valid email address')).toBeInTheDocument();
    expect(submit(dialog)).toBeDisabled();

    fireEvent.change(emailsBox(dialog), { target: { value: 'ann@x.com' } });
    expect(within(dialog).queryByText('Please enter at least one valid email address')).toBeNull();
    expect(within(dialog).getByText('Please select a permission set')).toBeInTheDocument();
    expect(submit(dialog)).toBeDisabled();

    fireEvent.change(setSelect(dialog), { target: { value: 'set-uv' } });
    expect(within(dialog).queryByText('Please select a permission set')).toBeNull();
    expect(submit(dialog)).toBeEnabled();

    fireEvent.change(emailsBox(dialog), { target: { value: '' } });
    expect(submit(dialog)).toBeDisabled();
    expect(writes(calls)).toEqual([]);
  });

  it("sends one address as a single invitation ('Invitation sent') with groups and tags", async () => {
    const calls = fakePeopleApi();
    const dialog = await openAddUsers();
    fireEvent.change(emailsBox(dialog), { target: { value: '  ann@x.com \n' } });
    fireEvent.change(setSelect(dialog), { target: { value: 'set-fin' } });
    const chip = (name: string) => within(dialog).getByRole('checkbox', { name });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Legal counsel' }));
    await waitFor(() => expect(isChecked(chip('Legal counsel'))).toBe(true));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Key contact' }));
    await waitFor(() => expect(isChecked(chip('Key contact'))).toBe(true));
    fireEvent.click(submit(dialog));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/deals/${DEAL_ID}/invitations`,
        body: { email: 'ann@x.com', permission_set_id: 'set-fin', group_ids: ['g-legal'], tag_ids: ['t-key'] },
      }),
    ]);
  });

  it("sends several addresses as one bulk invitation ('Sent N invitations. M skipped.')", async () => {
    const calls = fakePeopleApi({
      overrides: {
        [`POST /deals/${DEAL_ID}/invitations/bulk`]: () =>
          new Response(JSON.stringify({ created_count: 2, skipped: [{ email: 'c@x.com', reason: 'already a member' }] }), {
            status: 201,
          }),
      },
    });
    const dialog = await openAddUsers();
    fireEvent.change(emailsBox(dialog), { target: { value: 'a@x.com, b@x.com\nc@x.com, nope' } });
    fireEvent.change(setSelect(dialog), { target: { value: 'set-uv' } });
    expect(within(dialog).getByTestId('invite-count')).toHaveTextContent('3 invitations will be sent');
    fireEvent.click(submit(dialog));
    expect(await screen.findByText('Sent 2 invitations. 1 skipped.')).toBeInTheDocument();
    expect(screen.getByText('c@x.com: already a member')).toBeInTheDocument();
    const posts = writes(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: `/deals/${DEAL_ID}/invitations/bulk`,
      body: { emails: ['a@x.com', 'b@x.com', 'c@x.com'], permission_set_id: 'set-uv', group_ids: [], tag_ids: [] },
    });
  });

  it("loads the first column of a CSV ('Loaded N email addresses')", async () => {
    fakePeopleApi();
    const dialog = await openAddUsers();
    fireEvent.change(emailsBox(dialog), { target: { value: 'typed@x.com' } });
    const csv = new File(['email,name\nann@x.com,Ann\n"bob@y.org",Bob\nno-address,3\ntyped@x.com,again\n'], 'people.csv', {
      type: 'text/csv',
    });
    fireEvent.change(within(dialog).getByTestId('csv-input'), { target: { files: [csv] } });
    expect(await within(dialog).findByText('Loaded 3 email addresses')).toBeInTheDocument();
    expect(emailsBox(dialog)).toHaveValue('typed@x.com\nann@x.com\nbob@y.org');
  });

  it("shows the server's reason when invitations fail", async () => {
    fakePeopleApi({
      overrides: {
        [`POST /deals/${DEAL_ID}/invitations`]: () =>
          new Response(JSON.stringify({ detail: 'You can only give others rights you hold yourself' }), { status: 403 }),
      },
    });
    const dialog = await openAddUsers();
    fireEvent.change(emailsBox(dialog), { target: { value: 'ann@x.com' } });
    fireEvent.change(setSelect(dialog), { target: { value: 'set-edit' } });
    fireEvent.click(submit(dialog));
    expect(await screen.findByText('Failed to send invitations')).toBeInTheDocument();
    expect(screen.getByText('You can only give others rights you hold yourself')).toBeInTheDocument();
  });
});

describe('Pending invitations', () => {
  const day = 86_400_000;
  const invitations = [
    {
      id: 'i1',
      email: 'new@x.com',
      status: 'pending',
      invited_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 7 * day).toISOString(),
      permission_set_name: 'upload_view',
    },
    {
      id: 'i2',
      email: 'old@x.com',
      status: 'pending',
      invited_at: new Date(Date.now() - 9 * day).toISOString(),
      expires_at: new Date(Date.now() - 2 * day).toISOString(),
      permission_set_name: 'edit',
    },
    {
      id: 'i3',
      email: 'done@x.com',
      status: 'accepted',
      invited_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + day).toISOString(),
    },
  ];

  it('lists only pending ones with age and expiry, resends and revokes after confirming', async () => {
    const calls = fakePeopleApi({ invitations });
    renderRoutes([{ path: '/deals/:dealId/users', element: <UsersPage /> }], `/deals/${DEAL_ID}/users`);
    fireEvent.click(await screen.findByRole('button', { name: '2 pending invitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending Invitations' });
    const rows = within(dialog).getAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('new@x.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Invited Today')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Expires in 7 days')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Expired')).toBeInTheDocument();
    expect(within(dialog).queryByText('done@x.com')).toBeNull();

    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Resend invitation to new@x.com' }));
    expect(await screen.findByText('Invitation resent')).toBeInTheDocument();

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Revoke invitation to old@x.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /deals/${DEAL_ID}/invitations/i1/resend`,
      `DELETE /deals/${DEAL_ID}/invitations/i2`,
    ]);
  });
});
