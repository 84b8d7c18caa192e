import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isChecked, renderRoutes } from '../../test/utils';
import { PermissionSetsPage } from './permission-sets-page';
import { DEAL_ID, fakePeopleApi, writes } from './testing';

function renderSets() {
  return renderRoutes(
    [
      { path: '/deals/:dealId/permissions', element: <PermissionSetsPage /> },
      { path: '/deals/:dealId/users', element: <p>Users page</p> },
    ],
    `/deals/${DEAL_ID}/permissions`,
  );
}

const toggle = (dialog: HTMLElement, cap: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(`^${cap}`, 'i') }) as HTMLInputElement;

describe('Permission Sets', () => {
  it('lists system and custom sets with their capabilities and links back to users', async () => {
    fakePeopleApi();
    renderSets();
    const system = await screen.findByTestId('system-sets');
    const rows = within(system).getAllByTestId('permission-set-row');
    // Fewest capabilities first.
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Upload Only', 'Upload + View', 'Edit']);
    expect(within(rows[0]).getByRole('img', { name: 'Upload: yes' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('img', { name: 'View: no' })).toBeInTheDocument();
    expect(within(system).queryByRole('button', { name: /Edit upload_only/ })).toBeNull();
    const custom = screen.getByTestId('custom-sets');
    expect(within(custom).getByText('Financial reviewers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Users/ })).toHaveAttribute('href', `/deals/${DEAL_ID}/users`);
  });

  it('turns on view with download, does not cascade when view is turned off, and blocks saving until fixed', async () => {
    const calls = fakePeopleApi();
    renderSets();
    fireEvent.click(await screen.findByRole('button', { name: /Create Permission Set/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Permission Set' });
    expect(isChecked(toggle(dialog, 'view'))).toBe(true);

    fireEvent.click(toggle(dialog, 'view'));
    await waitFor(() => expect(isChecked(toggle(dialog, 'view'))).toBe(false));
    fireEvent.click(toggle(dialog, 'download'));
    await waitFor(() => expect(isChecked(toggle(dialog, 'download'))).toBe(true));
    await waitFor(() => expect(isChecked(toggle(dialog, 'view'))).toBe(true));

    fireEvent.click(toggle(dialog, 'upload'));
    await waitFor(() => expect(isChecked(toggle(dialog, 'upload'))).toBe(true));

    fireEvent.click(toggle(dialog, 'view'));
    await waitFor(() => expect(isChecked(toggle(dialog, 'view'))).toBe(false));
    // The state view-off leads to, rendered: had it cascaded, download would be off in it, and no requirement unmet.
    await waitFor(() => expect(within(dialog).getByTestId('unmet-requirements')).toHaveTextContent('Download requires View.'));
    expect(isChecked(toggle(dialog, 'download'))).toBe(true);
    expect(isChecked(toggle(dialog, 'upload'))).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Create Set' })).toBeDisabled();

    fireEvent.click(toggle(dialog, 'view'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Set' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Set' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByPlaceholderText(/Financial advisors/), { target: { value: 'Reviewers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Set' }));
    expect(await screen.findByText('Permission set created')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: `/deals/${DEAL_ID}/permissions/sets`,
      body: {
        name: 'Reviewers',
        description: '',
        capabilities: {
          view: true,
          download: true,
          comment: false,
          approve: false,
          upload: true,
          edit_files: false,
          edit_folders: false,
          edit_checklist: false,
          manage_users: false,
        },
      },
    });
  });

  it("edits a custom set and reports 'Failed to save' with the server's reason", async () => {
    fakePeopleApi({
      overrides: {
        [`PUT /deals/${DEAL_ID}/permissions/sets/set-fin`]: () =>
          new Response(JSON.stringify({ detail: 'You can only give others rights you hold yourself' }), { status: 403 }),
      },
    });
    renderSets();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Financial reviewers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Permission Set' });
    expect(within(dialog).getByDisplayValue('Financial reviewers')).toBeInTheDocument();
    expect(isChecked(toggle(dialog, 'download'))).toBe(true);
    fireEvent.click(toggle(dialog, 'manage users'));
    await waitFor(() => expect(isChecked(toggle(dialog, 'manage users'))).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save')).toBeInTheDocument();
    expect(screen.getByText('You can only give others rights you hold yourself')).toBeInTheDocument();
  });

  it('deletes a custom set after a confirmation', async () => {
    const calls = fakePeopleApi();
    renderSets();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Financial reviewers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete permission set' });
    expect(within(confirm).getByText(/still held by 2 users and 1 group/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission set deleted')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /deals/${DEAL_ID}/permissions/sets/set-fin`]);
  });

  it('offers no create, edit or delete without manage_users', async () => {
    fakePeopleApi({ canManage: false });
    renderSets();
    await screen.findByTestId('custom-sets');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Create Permission Set/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit Financial reviewers' })).toBeNull();
  });

  it("says 'Failed to load permission sets' when they cannot be read", async () => {
    fakePeopleApi({
      overrides: {
        [`GET /deals/${DEAL_ID}/permissions/sets`]: () => new Response(JSON.stringify({ detail: 'boom' }), { status: 500 }),
      },
    });
    renderSets();
    expect((await screen.findAllByText('Failed to load permission sets')).length).toBeGreaterThan(0);
  });
});
