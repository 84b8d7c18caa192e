import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, renderRoutes } from '../../test/utils';
import { DealDashboardPage } from '../../app/pages/deal-dashboard-page';
import { InviteUserDialog, ManageUsersDialog } from './index';
import { DEAL_ID, fakePeopleApi, writes } from './testing';
import type { DealUser } from './types';

const DEAL_USERS: DealUser[] = [
  {
    id: 'u-owner',
    email: 'owner@example.com',
    first_name: 'Olivia',
    last_name: 'Owner',
    company: null,
    permission_set: 'admin',
    role: 'admin',
    is_owner: true,
  },
  {
    id: 'u-ann',
    email: 'ann@buyer.com',
    first_name: 'Ann',
    last_name: 'Lee',
    company: 'Buyer LLP',
    permission_set: 'upload_view',
    role: 'viewer',
    is_owner: false,
  },
];

describe('Invite User to Deal (dashboard)', () => {
  it("requires an e-mail, defaults to upload_view and suggests the deal's companies", async () => {
    const calls = fakePeopleApi();
    renderPage(<InviteUserDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite User to Deal' });
    expect(within(dialog).getByLabelText('Permission set')).toHaveValue('upload_view');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['upload_only', 'upload_view', 'approve_only', 'edit']);
    await waitFor(() =>
      expect([...within(dialog).getByTestId('company-suggestions').querySelectorAll('option')].map((o) => o.value)).toEqual([
        'Buyer LLP',
        'KPMG',
      ]),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please enter an email address')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email address/ }), { target: { value: ' new@firm.com ' } });
    fireEvent.change(within(dialog).getByLabelText('Permission set'), { target: { value: 'approve_only' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Company/ }), { target: { value: 'KPMG' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('User invited successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/deals/${DEAL_ID}/invite`,
        body: { email: 'new@firm.com', permission_set: 'approve_only', company: 'KPMG' },
      }),
    ]);
  });

  it("says 'Failed to invite user' with the server's reason", async () => {
    fakePeopleApi({
      overrides: {
        [`POST /deals/${DEAL_ID}/invite`]: () =>
          new Response(JSON.stringify({ detail: 'new@firm.com is already invited.' }), { status: 409 }),
      },
    });
    renderPage(<InviteUserDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite User to Deal' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email address/ }), { target: { value: 'new@firm.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Failed to invite user')).toBeInTheDocument();
    expect(screen.getByText('new@firm.com is already invited.')).toBeInTheDocument();
  });
});

describe('Manage Users (dashboard)', () => {
  const withUsers = (overrides = {}) =>
    fakePeopleApi({
      overrides: {
        [`GET /deals/${DEAL_ID}/users`]: () => new Response(JSON.stringify(DEAL_USERS), { status: 200 }),
        ...overrides,
      },
    });

  it('locks the owner and updates a member’s permission set and company', async () => {
    const calls = withUsers();
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Users' });
    const [owner, ann] = await within(dialog).findAllByTestId('manage-user-row');
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).getByLabelText('Permission set of Olivia Owner')).toBeDisabled();
    expect(within(owner).getByLabelText('Company of Olivia Owner')).toBeDisabled();
    expect(within(owner).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(owner).getByText('Not editable')).toBeInTheDocument();

    const save = within(ann).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(within(ann).getByLabelText('Permission set of Ann Lee'), { target: { value: 'edit' } });
    fireEvent.change(within(ann).getByLabelText('Company of Ann Lee'), { target: { value: 'Buyer Capital' } });
    fireEvent.click(save);
    expect(await screen.findByText('User permissions updated successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/deals/${DEAL_ID}/users/u-ann`,
        body: { permission_set: 'edit', company: 'Buyer Capital' },
      }),
    ]);
  });

  it("offers 'Admin': granting or revoking the admin role waits for a confirmation (decision 34)", async () => {
    const calls = withUsers();
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Users' });
    const [owner, ann] = await within(dialog).findAllByTestId('manage-user-row');
    expect(within(owner).getByLabelText('Permission set of Olivia Owner')).toHaveValue('admin');
    expect(
      within(ann)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['upload_only', 'upload_view', 'approve_only', 'edit', 'admin']);
    fireEvent.change(within(ann).getByLabelText('Permission set of Ann Lee'), { target: { value: 'admin' } });
    fireEvent.click(within(ann).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make admin' });
    expect(confirm).toHaveTextContent('Make Ann Lee an admin of this deal?');
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('User permissions updated successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/deals/${DEAL_ID}/users/u-ann`,
        body: { permission_set: 'admin', company: 'Buyer LLP' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make admin' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: 'Manage Users' })).toBeInTheDocument();
  });

  it('revokes an admin by choosing another set, after a confirmation', async () => {
    const calls = withUsers({
      [`GET /deals/${DEAL_ID}/users`]: () =>
        new Response(JSON.stringify([DEAL_USERS[0], { ...DEAL_USERS[1], permission_set: 'admin', role: 'admin' }]), {
          status: 200,
        }),
    });
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const [, ann] = await screen.findAllByTestId('manage-user-row');
    expect(within(ann).getByLabelText('Permission set of Ann Lee')).toHaveValue('admin');
    // A company change alone keeps the role and asks nothing.
    fireEvent.change(within(ann).getByLabelText('Company of Ann Lee'), { target: { value: 'Buyer Capital' } });
    fireEvent.change(within(ann).getByLabelText('Permission set of Ann Lee'), { target: { value: 'edit' } });
    fireEvent.click(within(ann).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke admin' });
    // Cancelling writes nothing: the list comes back as it was.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Users' })).toBeInTheDocument();
    const [, again] = await screen.findAllByTestId('manage-user-row');
    expect(within(again).getByLabelText('Permission set of Ann Lee')).toHaveValue('admin');
    expect(writes(calls)).toEqual([]);
    fireEvent.change(within(again).getByLabelText('Company of Ann Lee'), { target: { value: 'Buyer Capital' } });
    fireEvent.change(within(again).getByLabelText('Permission set of Ann Lee'), { target: { value: 'edit' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke admin' })).getByRole('button', { name: 'Revoke Admin' }),
    );
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ body: { permission_set: 'edit', company: 'Buyer Capital' } })]),
    );
  });

  it("says 'Failed to load users' with the server's reason, and Try Again reads the members again", async () => {
    let reads = 0;
    withUsers({
      [`GET /deals/${DEAL_ID}/users`]: () => {
        reads += 1;
        return reads === 1
          ? new Response(JSON.stringify({ detail: 'The members could not be read' }), { status: 503 })
          : new Response(JSON.stringify(DEAL_USERS), { status: 200 });
      },
    });
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Users' });
    expect(await within(dialog).findByText('Failed to load users')).toBeInTheDocument();
    expect(within(dialog).getByText('The members could not be read')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findAllByTestId('manage-user-row')).toHaveLength(2);
    expect(reads).toBe(2);
  });

  it("says 'Failed to update user permissions' with the server's reason", async () => {
    withUsers({
      [`PUT /deals/${DEAL_ID}/users/u-ann`]: () =>
        new Response(JSON.stringify({ detail: 'You can only give others rights you hold yourself' }), { status: 403 }),
    });
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const [, ann] = await screen.findAllByTestId('manage-user-row');
    fireEvent.change(within(ann).getByLabelText('Permission set of Ann Lee'), { target: { value: 'edit' } });
    fireEvent.click(within(ann).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update user permissions')).toBeInTheDocument();
  });

  it('removes a member only after a confirmation', async () => {
    const calls = withUsers();
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const [, ann] = await screen.findAllByTestId('manage-user-row');
    fireEvent.click(within(ann).getByRole('button', { name: 'Remove Ann Lee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove user' });
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove User' }));
    expect(await screen.findByText('User removed successfully')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/users/u-ann`]);
  });

  it("says 'Failed to remove user' when the removal is refused", async () => {
    withUsers({
      [`DELETE /deals/${DEAL_ID}/users/u-ann`]: () => new Response(JSON.stringify({ detail: 'nope' }), { status: 403 }),
    });
    renderPage(<ManageUsersDialog dealId={DEAL_ID} open onClose={() => {}} />);
    const [, ann] = await screen.findAllByTestId('manage-user-row');
    fireEvent.click(within(ann).getByRole('button', { name: 'Remove Ann Lee' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove User' }),
    );
    expect(await screen.findByText('Failed to remove user')).toBeInTheDocument();
  });
});

describe('the dashboard (docs/product.md §2, §6)', () => {
  const stats = {
    files_uploaded: 0,
    files_pending_review: 0,
    files_processing: 0,
    files_queued: 0,
    files_approved: 0,
    team_members: 2,
    recent_activity_count: 0,
    overall_progress: { completed: 0, total: 0 },
    checklist_progress: {},
    recent_activities: [],
    recent_files: [],
  };
  const deal = (role: string, archivedAt: string | null = null) => ({
    id: DEAL_ID,
    name: 'Project Atlas',
    description: null,
    owner_id: 'u-owner',
    user_role: role,
    is_owner: role === 'admin',
    permission_set: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    archived_at: archivedAt,
  });
  const dashboardApi = (role: string, archivedAt: string | null = null) =>
    fakePeopleApi({
      overrides: {
        [`GET /deals/${DEAL_ID}`]: () => new Response(JSON.stringify(deal(role, archivedAt)), { status: 200 }),
        [`GET /deals/${DEAL_ID}/dashboard/stats`]: () => new Response(JSON.stringify(stats), { status: 200 }),
        [`GET /deals/${DEAL_ID}/files/pending-review`]: () =>
          new Response(JSON.stringify({ pending_files: [], total_count: 0 }), { status: 200 }),
        [`GET /deals/${DEAL_ID}/users`]: () => new Response(JSON.stringify(DEAL_USERS), { status: 200 }),
      },
    });

  it('gives deal admins Invite User and Manage Users', async () => {
    dashboardApi('admin');
    renderRoutes([{ path: '/deals/:dealId', element: <DealDashboardPage /> }], `/deals/${DEAL_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /Invite User/ }));
    expect(await screen.findByRole('dialog', { name: 'Invite User to Deal' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Manage Users$/ }));
    expect(await screen.findAllByTestId('manage-user-row')).toHaveLength(2);
  });

  it('shows neither in an archived deal, which is read-only even for its admins', async () => {
    dashboardApi('admin', '2026-06-01T00:00:00Z');
    renderRoutes([{ path: '/deals/:dealId', element: <DealDashboardPage /> }], `/deals/${DEAL_ID}`);
    expect(await screen.findByText('Project Atlas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite User/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Manage Users$/ })).toBeNull();
  });

  it('shows neither to other members', async () => {
    dashboardApi('viewer');
    renderRoutes([{ path: '/deals/:dealId', element: <DealDashboardPage /> }], `/deals/${DEAL_ID}`);
    expect(await screen.findByText('Project Atlas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite User/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Manage Users$/ })).toBeNull();
  });
});
