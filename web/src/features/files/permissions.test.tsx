import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isChecked, jsonResponse, renderPage, stubFetch } from '../../test/utils';
import { ALL_MEMBERS, fetchPermissions } from './api/file-permissions';
import type { PermissionPeople } from './api/permission-people';
import { PermissionsDialog } from './components/permissions-dialog';
import { describePermissions, entryState, permissionSummary, toggleEntry } from './permissions';
import type { FilePermissions } from './types';

const people: PermissionPeople = {
  users: [
    { user_id: 'u1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' },
    { user_id: 'u2', email: 'bob@example.com', first_name: null, last_name: null, status: 'pending' },
  ],
  groups: [{ id: 'g1', name: 'Advisors', member_count: 3 }],
  tags: [{ id: 't1', name: 'External' }],
};

const custom = (over: Partial<FilePermissions> = {}): FilePermissions => ({ ...ALL_MEMBERS, type: 'custom', ...over });

describe('permission rules', () => {
  it('lets a denied entry win over an allowed one', () => {
    const value = custom({ allowed_users: ['u1', 'u2'], denied_users: ['u1'], allowed_groups: ['g1'], denied_tags: ['t1'] });
    expect(entryState(value, 'users', 'u1')).toBe('overridden');
    expect(entryState(value, 'users', 'u2')).toBe('allowed');
    expect(entryState(value, 'tags', 't1')).toBe('denied');
    expect(entryState(value, 'groups', 'zz')).toBe('none');
    expect(permissionSummary(value)).toEqual({ allowed: 2, denied: 2 });
    expect(describePermissions(value)).toBe('2 allowed · 2 denied');
    expect(describePermissions(ALL_MEMBERS)).toBe('Everyone in the deal who can view files');
  });

  it('toggles entries without duplicates', () => {
    let value = custom();
    value = toggleEntry(value, 'allowed', 'users', 'u1', true);
    value = toggleEntry(value, 'allowed', 'users', 'u1', true);
    expect(value.allowed_users).toEqual(['u1']);
    value = toggleEntry(value, 'allowed', 'users', 'u1', false);
    expect(value.allowed_users).toEqual([]);
  });

  it("falls back to type 'all' when the permissions cannot be loaded", async () => {
    stubFetch(() => jsonResponse({ detail: 'boom' }, 500), { signedIn: false });
    await expect(fetchPermissions('d1', 'f1')).resolves.toEqual(ALL_MEMBERS);
  });
});

function Harness({ initial, onSave }: { initial: FilePermissions; onSave: (value: FilePermissions) => void }) {
  const [open] = useState(true);
  return (
    <PermissionsDialog
      open={open}
      initial={initial}
      people={people}
      peopleLoading={false}
      saving={false}
      onClose={() => {}}
      onSave={onSave}
    />
  );
}

describe('the permissions dialog', () => {
  it('shows an entry that is both allowed and denied as denied, with the note', async () => {
    const onSave = vi.fn();
    renderPage(<Harness initial={custom({ allowed_users: ['u1'] })} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Denied entries override allowed ones/)).toBeInTheDocument();
    expect(within(dialog).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(dialog).getByText('pending')).toBeInTheDocument();

    const ann = within(dialog).getByTestId('permission-entry-u1');
    expect(ann).toHaveAttribute('data-state', 'allowed');
    expect(within(dialog).getByTestId('permission-summary')).toHaveTextContent('1 allowed · 0 denied');

    fireEvent.click(within(ann).getByLabelText('Deny Ann Lee'));
    await waitFor(() => expect(ann).toHaveAttribute('data-state', 'overridden'));
    expect(within(ann).getByTestId('deny-wins')).toHaveTextContent('Denied (overrides allow)');
    expect(isChecked(within(ann).getByLabelText('Allow Ann Lee'))).toBe(true);
    expect(within(dialog).getByTestId('permission-summary')).toHaveTextContent('0 allowed · 1 denied');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Permissions' }));
    expect(onSave).toHaveBeenCalledWith(custom({ allowed_users: ['u1'], denied_users: ['u1'] }));
  });

  it('hides the lists while the file is open to all members', async () => {
    const onSave = vi.fn();
    renderPage(<Harness initial={ALL_MEMBERS} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Ann Lee')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText(/Custom/));
    expect(await within(dialog).findByText('Ann Lee')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: /Groups/ }));
    fireEvent.click(await within(dialog).findByLabelText('Allow Advisors'));
    await waitFor(() => expect(within(dialog).getByTestId('permission-entry-g1')).toHaveAttribute('data-state', 'allowed'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Permissions' }));
    expect(onSave).toHaveBeenCalledWith(custom({ allowed_groups: ['g1'] }));
  });
});
