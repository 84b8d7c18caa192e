import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isChecked, jsonResponse, renderRoutes } from '../../test/utils';
import { ANN, BOB, DEAL_ID, fakePeopleApi, member, OWNER, writes } from './testing';
import { UsersPage } from './users-page';

function renderUsers() {
  return renderRoutes(
    [
      { path: '/deals/:dealId/users', element: <UsersPage /> },
      { path: '/deals/:dealId/permissions', element: <p>Permission sets page</p> },
    ],
    `/deals/${DEAL_ID}/users`,
  );
}

/**
 * Ark menus select the highlighted item: a pointer-down highlights it, the click selects it. Each step
 * waits for the state the menu shows for the one before (open, then the item highlighted).
 */
async function pick(item: HTMLElement) {
  await waitFor(() => expect(item.closest('[data-part="content"]')).toHaveAttribute('data-state', 'open'));
  fireEvent.pointerDown(item);
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  fireEvent.click(item);
}

const rowOf = async (name: string) => (await screen.findByRole('row', { name: `Open ${name}` })) as HTMLElement;

describe('Users & Permissions', () => {
  it('lists members with groups, tags, last active and status, and the owner badge', async () => {
    fakePeopleApi({ users: [OWNER, { ...ANN, last_active_at: null }, { ...BOB, status: 'suspended' }] });
    renderUsers();
    const owner = await rowOf('Olivia Owner');
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    const ann = await rowOf('Ann Lee');
    expect(within(ann).getByText('Buyer LLP')).toBeInTheDocument();
    expect(within(ann).getByText('Upload + View')).toBeInTheDocument();
    expect(within(ann).getByText('Legal counsel')).toBeInTheDocument();
    expect(within(ann).getByText('External')).toBeInTheDocument();
    expect(within(ann).getByText('Never')).toBeInTheDocument();
    expect(within(await rowOf('Bob Stone')).getByText('suspended')).toBeInTheDocument();
    expect(screen.getByTestId('member-count')).toHaveTextContent('3 members');
    expect(await screen.findByRole('button', { name: /0 pending invitations/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Permission Sets/ })).toHaveAttribute('href', `/deals/${DEAL_ID}/permissions`);
    // Sidebar: groups and tags with member counts.
    expect(within(screen.getByTestId('group-list')).getByRole('button', { name: 'Legal counsel 3' })).toBeInTheDocument();
    expect(within(screen.getByTestId('tag-list')).getByRole('button', { name: 'External 2' })).toBeInTheDocument();
  });

  it('never lets the owner be selected, and select-all skips the owner', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    const owner = await rowOf('Olivia Owner');
    expect(within(owner).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Select all users on this page'));
    expect(await screen.findByTestId('selected-count')).toHaveTextContent('2 selected');
    expect(isChecked(within(owner).getByRole('checkbox'))).toBe(false);
    expect(writes(calls)).toEqual([]);
  });

  it('sends exactly one operation per bulk action', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    fireEvent.click(await screen.findByLabelText('Select Ann Lee'));
    fireEvent.click(screen.getByLabelText('Select Bob Stone'));
    const bar = await screen.findByTestId('bulk-bar');
    fireEvent.click(within(bar).getByRole('button', { name: /Groups/ }));
    const items = await screen.findAllByRole('menuitem', { name: /Financial advisors/ });
    await pick(items[0]); // the first section: Add to group
    expect(await screen.findByText('2 users updated successfully')).toBeInTheDocument();
    const posts = writes(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0].path).toBe(`/deals/${DEAL_ID}/users/bulk-update`);
    expect(posts[0].body).toEqual({ user_ids: ['u-ann', 'u-bob'], add_group_ids: ['g-fin'] });
  });

  it('removes selected users only after a confirmation', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    fireEvent.click(await screen.findByLabelText('Select Ann Lee'));
    fireEvent.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: /Remove users/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/from this deal\?/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove 1 user' }));
    expect(await screen.findByText('User removed successfully')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/users/u-ann`]);
  });

  it("says 'Failed to remove users' when a removal is refused", async () => {
    fakePeopleApi({
      overrides: {
        [`DELETE /deals/${DEAL_ID}/users/u-ann`]: () =>
          new Response(JSON.stringify({ detail: 'Only deal admins can change or remove another admin' }), { status: 403 }),
      },
    });
    renderUsers();
    fireEvent.click(await screen.findByLabelText('Select Ann Lee'));
    fireEvent.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: /Remove users/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove 1 user' }));
    expect(await screen.findByText('Failed to remove users')).toBeInTheDocument();
  });

  it('opens the owner read-only: set disabled, no remove, no save', async () => {
    fakePeopleApi();
    renderUsers();
    fireEvent.click(await rowOf('Olivia Owner'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('The deal owner cannot be edited or removed.')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Permission set')).toBeDisabled();
    expect(within(drawer).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('saves only what changed in Edit User', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    fireEvent.click(await rowOf('Ann Lee'));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('Permission set')).toHaveValue('set-uv'));
    const save = within(drawer).getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    const keyContact = within(within(drawer).getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: /Key contact/ });
    fireEvent.click(keyContact);
    await waitFor(() =>
      expect(
        isChecked(within(within(drawer).getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: /Key contact/ })),
      ).toBe(true),
    );
    fireEvent.change(within(drawer).getByLabelText('Status'), { target: { value: 'inactive' } });
    expect(within(drawer).getByText('Preview of unsaved changes')).toBeInTheDocument();
    expect(within(drawer).getByTestId('effective-permissions').querySelector('[data-on="true"]')).toBeNull();
    fireEvent.click(save);
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/deals/${DEAL_ID}/users/u-ann/enhanced`,
        body: { tag_ids: ['t-ext', 't-key'], status: 'inactive' },
      }),
    ]);
  });

  const ADA = member({
    user_id: 'u-adm',
    email: 'adm@x.com',
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'admin',
    display_role: 'admin',
    permission_set_id: null,
    permission_set_name: null,
    permission_set: 'admin',
  });

  it("requires a permission set to save, except for an admin ('Please select a permission set')", async () => {
    const calls = fakePeopleApi({ users: [OWNER, { ...ANN, permission_set_id: null, permission_set: null }] });
    renderUsers();
    fireEvent.click(await rowOf('Ann Lee'));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('Status'), { target: { value: 'inactive' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    expect(await within(drawer).findByText('Please select a permission set')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('grants the admin role from Edit User after a confirmation (decision 34)', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    fireEvent.click(await rowOf('Ann Lee'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Role')).toHaveValue('member');
    fireEvent.change(within(drawer).getByLabelText('Role'), { target: { value: 'admin' } });
    // The preview shows every capability on.
    expect(within(drawer).getByTestId('effective-permissions').querySelector('[data-on="false"]')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save Changes' }));

    // Cancelling writes nothing and keeps the change in the panel.
    const confirm = await screen.findByRole('dialog', { name: 'Make admin' });
    expect(confirm).toHaveTextContent('Make Ann Lee an admin of this deal?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(again).getByLabelText('Role')).toHaveValue('admin');
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(again).getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Make admin' })).getByRole('button', { name: 'Make Admin' }),
    );
    // The write, not the toast: an earlier test's "User updated successfully" may still show.
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({ method: 'PUT', path: `/deals/${DEAL_ID}/users/u-ann/enhanced`, body: { role: 'admin' } }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('revokes the admin role after a confirmation; the member then needs a set', async () => {
    const calls = fakePeopleApi({ users: [OWNER, ADA] });
    renderUsers();
    fireEvent.click(await rowOf('Ada Admin'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Role')).toHaveValue('admin');
    fireEvent.change(within(drawer).getByLabelText('Role'), { target: { value: 'member' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    expect(await within(drawer).findByText('Please select a permission set')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('Permission set'), { target: { value: 'set-edit' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke admin' });
    expect(confirm).toHaveTextContent('Revoke the admin role from Ada Admin?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke Admin' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: `/deals/${DEAL_ID}/users/u-adm/enhanced`,
          body: { role: 'member', permission_set_id: 'set-edit' },
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the refusal when the deal would lose its last admin', async () => {
    fakePeopleApi({
      users: [OWNER, ADA],
      overrides: {
        [`PUT /deals/${DEAL_ID}/users/u-adm/enhanced`]: () => jsonResponse({ detail: 'A deal keeps at least one admin' }, 409),
      },
    });
    renderUsers();
    fireEvent.click(await rowOf('Ada Admin'));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('Role'), { target: { value: 'member' } });
    fireEvent.change(within(drawer).getByLabelText('Permission set'), { target: { value: 'set-uv' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke admin' })).getByRole('button', { name: 'Revoke Admin' }),
    );
    expect((await screen.findAllByText('A deal keeps at least one admin')).length).toBeGreaterThan(0);
  });

  it('locks the Role field for a manager who is not an admin', async () => {
    fakePeopleApi({ canManageAdmins: false });
    renderUsers();
    fireEvent.click(await rowOf('Ann Lee'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Role')).toBeDisabled();
    expect(within(drawer).getByText('Only deal admins can grant or revoke the admin role.')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Permission set')).toBeEnabled();
  });

  it("locks the owner's Role field too", async () => {
    fakePeopleApi();
    renderUsers();
    fireEvent.click(await rowOf('Olivia Owner'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Role')).toHaveValue('admin');
    expect(within(drawer).getByLabelText('Role')).toBeDisabled();
  });

  it('removes a member from Edit User after a confirmation', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    fireEvent.click(await rowOf('Bob Stone'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Remove/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove user' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove User' }));
    expect(await screen.findByText('User removed successfully')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/users/u-bob`]);
  });

  it('filters by group, tag, search and status', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    await rowOf('Ann Lee');
    fireEvent.click(within(screen.getByTestId('group-list')).getByRole('button', { name: 'Legal counsel 3' }));
    await waitFor(() => expect(calls.some((c) => c.query.get('group_id') === 'g-legal')).toBe(true));
    fireEvent.click(within(screen.getByTestId('tag-list')).getByRole('button', { name: 'External 2' }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'buyer' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.endsWith('/users-enhanced') &&
            c.query.get('group_id') === 'g-legal' &&
            c.query.get('tag_id') === 't-ext' &&
            c.query.get('status') === 'suspended' &&
            c.query.get('search') === 'buyer' &&
            c.query.get('page_size') === '50',
        ),
      ).toBe(true),
    );
    expect(screen.getByText('Group: Legal counsel')).toBeInTheDocument();
  });

  it('shows the pager only above 50 members', async () => {
    const many = Array.from({ length: 50 }, (_, i) => member({ user_id: `u${i}`, email: `p${i}@x.com` }));
    fakePeopleApi({ users: many, total: 50 });
    const first = renderUsers();
    await rowOf('p0@x.com');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    first.unmount();

    const calls = fakePeopleApi({ users: many, total: 51 });
    renderUsers();
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Showing 1–50 of 51')).toBeInTheDocument();
    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.some((c) => c.query.get('page') === '2')).toBe(true));
  });

  it('is read-only without manage_users: no checkboxes, no Add Users, no manage buttons', async () => {
    const calls = fakePeopleApi({ canManage: false });
    renderUsers();
    await rowOf('Ann Lee');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Add Users/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Manage Legal counsel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /pending invitation/ })).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/invitations'))).toBe(false);
    fireEvent.click(await rowOf('Ann Lee'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Permission set')).toBeDisabled();
    expect(within(drawer).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('warns that a deleted group’s users lose its permissions, and deletes after confirming', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    await rowOf('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Manage Legal counsel' }));
    await pick(await screen.findByRole('menuitem', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete group' });
    expect(within(confirm).getByText(/3 members will lose the permissions this group gives them/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group deleted')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/permissions/groups/g-legal`]);
  });

  it('shows why a tag a file denies cannot be deleted, and keeps the confirmation open', async () => {
    const detail = "This tag is used to deny access on 2 files: a.pdf, b.pdf. Remove it from those files' permissions first.";
    const calls = fakePeopleApi({
      overrides: { [`DELETE /deals/${DEAL_ID}/permissions/tags/t-ext`]: () => jsonResponse({ detail }, 409) },
    });
    renderUsers();
    await rowOf('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Manage External' }));
    await pick(await screen.findByRole('menuitem', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete tag' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete tag')).toBeInTheDocument();
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete tag' })).toBeInTheDocument();
    expect(screen.queryByText('Tag deleted')).toBeNull();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/permissions/tags/t-ext`]);
  });

  it('creates a tag with the default colour and requires a name', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    await rowOf('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    expect(await within(dialog).findByRole('radio', { name: 'Green #10B981' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await within(dialog).findByText('Please enter a tag name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Tax ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Purple #8B5CF6' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await screen.findByText('Tag created')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: `/deals/${DEAL_ID}/permissions/tags`,
      body: { name: 'Tax', color: '#8B5CF6' },
    });
  });

  it('creates a group with the default colour, a description and a permission set', async () => {
    const calls = fakePeopleApi();
    renderUsers();
    await rowOf('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    fireEvent.change(within(dialog).getByPlaceholderText(/Buyer legal counsel/), { target: { value: 'Tax advisors' } });
    fireEvent.change(within(dialog).getByPlaceholderText(/Who belongs/), { target: { value: 'Tax DD' } });
    fireEvent.change(within(dialog).getByLabelText('Group permission set'), { target: { value: 'set-fin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    expect(writes(calls)[0].body).toEqual({
      name: 'Tax advisors',
      description: 'Tax DD',
      permission_set_id: 'set-fin',
      color: '#6366F1',
    });
  });
});
