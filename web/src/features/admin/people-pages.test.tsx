import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser, AuditEntry, SystemPermissionSet } from '@contracts/admin';
import { describe, expect, it } from 'vitest';
import { isChecked, jsonResponse, renderPage } from '../../test/utils';
import { actionLabel, actionPalette, AuditLogsPage, entityPalette } from './audit-logs-page';
import { PermissionSetsPage } from './permission-sets-page';
import { SuperAdminsPage } from './super-admins-page';
import { passwordProblem } from './components/user-dialogs';
import { fakeAdminApi } from './test/fake-admin-api';
import { UsersPage } from './users-page';

const user = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `user${n}@example.com`,
  first_name: `First${n}`,
  last_name: 'Last',
  title: n % 2 ? 'CFO' : '',
  is_super_admin: n === 1,
  created_at: '2026-01-02T10:00:00Z',
  ...over,
});

describe('user management', () => {
  it('lists users with their role badge, pages 20 at a time, and searches', async () => {
    const calls = fakeAdminApi({
      'GET /admin/users': ({ query }: any) => {
        const page = Number(query.get('page'));
        const all = Array.from({ length: 45 }, (_, i) => user(i + 1));
        const found = query.get('search') ? all.filter((u) => u.email.includes(query.get('search'))) : all;
        return jsonResponse({ users: found.slice((page - 1) * 20, page * 20), total_count: found.length, page, page_size: 20 });
      },
    });
    renderPage(<UsersPage />);
    expect(await screen.findAllByTestId('user-row')).toHaveLength(20);
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByText('Showing 1–20 of 45 users')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3'));
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'user45@' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.queryByTestId('page-indicator')).not.toBeInTheDocument();
    expect(calls.some((c) => c.query.get('search') === 'user45@' && c.query.get('page') === '1')).toBe(true);
  });

  it("says 'No users found' when nothing matches", async () => {
    fakeAdminApi({ 'GET /admin/users': { users: [], total_count: 0, page: 1, page_size: 20 } });
    renderPage(<UsersPage />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("checks the new password before sending it, and deletes after confirmation with the server's refusal shown", async () => {
    expect(passwordProblem('abcdefgh', 'abcdefgx')).toBe('Passwords do not match');
    expect(passwordProblem('short', 'short')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('long-enough', 'long-enough')).toBeNull();
    const target = user(2);
    const calls = fakeAdminApi({
      'GET /admin/users': { users: [target], total_count: 1, page: 1, page_size: 20 },
      [`POST /admin/users/${target.id}/reset-password`]: { message: 'Password reset successfully' },
      [`DELETE /admin/users/${target.id}`]: () =>
        jsonResponse({ detail: 'user2@example.com owns 1 deal that is not archived: "Falcon". Archive it first.' }, 409),
    });
    renderPage(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: `Reset the password of ${target.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    fireEvent.change(within(dialog).getByLabelText(/New Password/), { target: { value: 'short' } });
    fireEvent.change(within(dialog).getByLabelText(/Confirm Password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/reset-password'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/New Password/), { target: { value: 'long-enough-1' } });
    fireEvent.change(within(dialog).getByLabelText(/Confirm Password/), { target: { value: 'long-enough-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/reset-password'))?.body).toEqual({
      user_id: target.id,
      new_password: 'long-enough-1',
    });

    fireEvent.click(screen.getByRole('button', { name: `Delete ${target.email}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(
      within(confirm).getByText(`Are you sure you want to delete ${target.email}? This action cannot be undone.`),
    ).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(screen.getByText(/Archive it first/)).toBeInTheDocument();
  });
});

describe('super admins', () => {
  it('cannot revoke the last super admin, and promotes a searched user after confirmation', async () => {
    const calls = fakeAdminApi({
      'GET /admin/super-admins': { users: [user(1)], total_count: 1, page: 1, page_size: 20 },
      'GET /admin/super-admins/eligible-users': { users: [user(7)], total_count: 1, page: 1, page_size: 50 },
      'POST /admin/super-admins/toggle': { message: 'user7@example.com is now a super admin' },
    });
    renderPage(<SuperAdminsPage />);
    const row = await screen.findByTestId('super-admin-row');
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /Promote User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote User' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Promote' }));
    const confirm = await screen.findByRole('dialog', { name: 'Promote to Super Admin' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('user7@example.com is now a super admin')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/super-admins/toggle')?.body).toEqual({
      user_id: user(7).id,
      is_super_admin: true,
    });
  });
});

describe('system permission sets', () => {
  const set = (over: Partial<SystemPermissionSet>): SystemPermissionSet => ({
    id: 's1',
    name: 'edit',
    description: 'Full file operations',
    type: 'system',
    built_in: true,
    user_count: 3,
    group_count: 1,
    capabilities: {
      view: true,
      download: true,
      comment: true,
      approve: true,
      upload: true,
      edit_files: true,
      edit_folders: true,
      edit_checklist: true,
      manage_users: false,
      ask_questions: false,
      answer_questions: false,
      approve_answers: false,
    },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  });

  it('shows cards, keeps built-ins undeletable, creates a set whose capabilities bring what they require', async () => {
    const calls = fakeAdminApi({
      'GET /admin/permission-sets': {
        permission_sets: [set({}), set({ id: 's2', name: 'Auditors', built_in: false, user_count: 0, group_count: 0 })],
        total_count: 2,
      },
      'POST /admin/permission-sets': (call: any) => jsonResponse(set({ id: 's3', name: call.body.name, built_in: false }), 201),
      'GET /admin/permission-sets/s1/usage': {
        permission_set_id: 's1',
        permission_set_name: 'edit',
        total_users: 1,
        total_groups: 0,
        total_invitations: 0,
        users: [{ email: 'ann@example.com', deal_name: 'Falcon' }],
        groups: [],
      },
    });
    renderPage(<PermissionSetsPage />);
    expect(await screen.findAllByTestId('system-set-card')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Delete edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Auditors' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: /Create Set/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create System Permission Set' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Set' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getAllByRole('textbox')[0], { target: { value: 'Approvers' } });
    const approve = within(dialog).getByRole('checkbox', { name: /^approve(?! answers)/i });
    fireEvent.click(approve);
    await waitFor(() => expect(isChecked(approve)).toBe(true));
    await waitFor(() => expect(isChecked(within(dialog).getByRole('checkbox', { name: /^view/i }))).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Set' }));
    expect(await screen.findByText('System permission set created')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/admin/permission-sets')?.body as any;
    expect(body.name).toBe('Approvers');
    expect(body.capabilities).toMatchObject({ approve: true, view: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create System Permission Set' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /3 members/ }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
  });
});

describe('audit logs', () => {
  it('capitalises and colours actions, expands changes and metadata, and filters by entity and time', async () => {
    expect(actionLabel('super_admin_granted')).toBe('Super Admin Granted');
    expect(
      [
        'user_deleted',
        'preset_created',
        'user_updated',
        'super_admin_granted',
        'member_promoted',
        'super_admin_revoked',
        'user_password_reset',
      ].map(actionPalette),
    ).toEqual(['red', 'green', 'blue', 'purple', 'purple', 'orange', 'gray']);
    expect(['user', 'catalog_item', 'preset', 'deal', 'file'].map(entityPalette)).toEqual([
      'blue',
      'green',
      'purple',
      'orange',
      'gray',
    ]);
    const entry: AuditEntry = {
      id: 'a1',
      created_at: '2026-11-20T10:00:00Z',
      action: 'user_updated',
      entity_type: 'user',
      entity_id: 'u1',
      performed_by: 'u0',
      performed_by_email: 'root@example.com',
      changes: { title: { old: '', new: 'CFO' } },
      metadata: {},
    };
    const calls = fakeAdminApi({
      'GET /admin/audit': {
        logs: [entry, { ...entry, id: 'a2', changes: {}, metadata: {} }],
        total_count: 2,
        page: 1,
        page_size: 50,
      },
    });
    renderPage(<AuditLogsPage />);
    expect((await screen.findAllByText('User Updated')).length).toBe(2);
    expect(screen.getByText('No additional details')).toBeInTheDocument();
    expect(screen.getByText(/Logs cannot be deleted or modified/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /View changes/ }));
    expect(await screen.findByTestId('audit-changes')).toHaveTextContent('title: — → CFO');
    const lastAudit = () => calls.filter((c) => c.path === '/admin/audit').at(-1);
    expect(lastAudit()?.query.get('days')).toBe('30');
    fireEvent.change(screen.getByLabelText('Entity type'), { target: { value: 'user' } });
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '90' } });
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('entity_type') === 'user' && c.query.get('days') === '90')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastAudit()?.query.get('days')).toBe('30'));
  });
});
