import { Badge, HStack, Table, Text } from '@chakra-ui/react';
import type { AdminUser } from '@contracts/admin';
import { KeyRound, Users } from 'lucide-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { formatDate, pluralize } from '../../lib/format';
import { useAdminUsers } from './api/list-users';
import { useDeleteUser } from './api/delete-user';
import { AccountCells } from './components/account-cells';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { AdminPanel } from './components/admin-panel';
import { SearchField } from './components/search-field';
import { AdminToolbar } from './components/admin-toolbar';
import { AdminList } from './components/admin-list';
import { useSearchPaging } from '../../lib/use-list-paging';
import { RowAction, EditAction, DeleteAction } from './components/row-actions';
import { EditUserDialog, ResetPasswordDialog } from './components/user-dialogs';
import { Pager } from '../../components/pager';
import { ADMIN_PAGE_SIZE } from './api/keys';

export function RoleBadge({ superAdmin }: { superAdmin: boolean }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={superAdmin ? 'purple' : 'gray'}>
      {superAdmin ? 'Super Admin' : 'User'}
    </Badge>
  );
}

/** /admin/users (docs/product.md §2 User Management). */
export function UsersPage() {
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const users = useAdminUsers(q, page);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useDeleteUser(() => setDeleting(null));
  const list = users.data?.users ?? [];
  const total = users.data?.total_count ?? 0;

  return (
    <AdminPage>
      <AdminPageHeader
        title="User Management"
        description="Everyone with an account: edit their names, reset a password, or remove an account."
      />
      <AdminPanel>
        <AdminToolbar count={users.isSuccess ? pluralize(total, 'user') : undefined} countTestId="users-count">
          <SearchField value={search} onChange={setSearch} label="Search users" placeholder="Search by e-mail, name or title" />
        </AdminToolbar>
        <AdminList
          query={users}
          errorTitle="Failed to load users"
          isEmpty={list.length === 0}
          empty={
            <EmptyState
              icon={<Users />}
              title="No users found"
              description={q ? 'Try another name, e-mail or title.' : 'Accounts appear here once people register.'}
            />
          }
          columns={[
            { label: 'User', minW: '64' },
            { label: 'Title' },
            { label: 'Role' },
            { label: 'Created' },
            { label: 'Actions', textAlign: 'end' },
          ]}
        >
          {list.map((user) => (
            <Table.Row key={user.id} data-testid="user-row">
              <AccountCells account={user} />
              <Table.Cell>
                <RoleBadge superAdmin={user.is_super_admin} />
              </Table.Cell>
              <Table.Cell>
                <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
                  {formatDate(user.created_at)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="0.5" justify="flex-end">
                  <EditAction name={user.email} onClick={() => setEditing(user)} />
                  <RowAction
                    aria-label={`Reset the password of ${user.email}`}
                    title="Reset password"
                    onClick={() => setResetting(user)}
                  >
                    <KeyRound />
                  </RowAction>
                  <DeleteAction name={user.email} onClick={() => setDeleting(user)} />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>
        {users.data && <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} noun="users" onPageChange={setPage} />}
      </AdminPanel>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <DeleteDialog
        row={deleting}
        title="Delete User"
        message={<Text>Are you sure you want to delete {deleting?.email}? This action cannot be undone.</Text>}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

export default UsersPage;
