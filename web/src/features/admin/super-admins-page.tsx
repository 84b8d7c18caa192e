import { Button, Table, Text } from '@chakra-ui/react';
import type { AdminUser } from '@contracts/admin';
import { ShieldCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { formatDate } from '../../lib/format';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useSuperAdmins } from './api/list-super-admins';
import { useToggleSuperAdmin } from './api/toggle-super-admin';
import { AccountCells } from './components/account-cells';
import { AdminList } from './components/admin-list';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { AdminPanel } from './components/admin-panel';
import { PromoteUserDialog } from './components/promote-user-dialog';
import { Pager } from '../../components/pager';
import { ADMIN_PAGE_SIZE } from './api/keys';

/** /admin/super-admins (docs/product.md §2 Super Admins page). */
export function SuperAdminsPage() {
  const { user: me, updateUser } = useSession();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const admins = useSuperAdmins(page);
  const [promoting, setPromoting] = useState(false);
  const [revoking, setRevoking] = useState<AdminUser | null>(null);
  const revoke = useToggleSuperAdmin(() => {
    // Revoking yourself: you leave the portal at once.
    if (revoking && me && revoking.id === me.id) {
      updateUser({ ...me, is_super_admin: false });
      navigate('/');
    }
    setRevoking(null);
  });
  const list = admins.data?.users ?? [];
  const total = admins.data?.total_count ?? 0;
  const last = total <= 1;

  return (
    <AdminPage>
      <AdminPageHeader
        title="Super Admins"
        description="People who run the platform. There is always at least one."
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setPromoting(true)}>
            <UserPlus /> Promote User
          </Button>
        }
      />
      <AdminPanel>
        <AdminList
          query={admins}
          errorTitle="Failed to load super admins"
          isEmpty={list.length === 0}
          empty={
            <EmptyState
              icon={<ShieldCheck />}
              title="No super admins"
              description="Promote a user to give them the admin portal."
            />
          }
          columns={[
            { label: 'Super admin', minW: '64' },
            { label: 'Title' },
            { label: 'Account created' },
            { label: 'Actions', textAlign: 'end' },
          ]}
          skeletonRows={3}
        >
          {list.map((user) => (
            <Table.Row key={user.id} data-testid="super-admin-row">
              <AccountCells account={user} you={user.id === me?.id} />
              <Table.Cell>
                <Text textStyle="sm" color="fg.muted">
                  {formatDate(user.created_at)}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  disabled={last}
                  title={last ? 'The last super admin cannot be revoked' : undefined}
                  onClick={() => setRevoking(user)}
                >
                  Revoke
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>
        {admins.data && <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} noun="super admins" onPageChange={setPage} />}
      </AdminPanel>
      <PromoteUserDialog open={promoting} onClose={() => setPromoting(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke Super Admin"
        destructive
        confirmLabel="Revoke"
        loading={revoke.isPending}
        message={
          <Text>
            {revoking?.id === me?.id
              ? 'Revoke your own super admin rights? You will leave the admin portal.'
              : `Revoke super admin rights from ${revoking?.email}?`}
          </Text>
        }
        onConfirm={() => revoking && revoke.mutate({ user: revoking, promote: false })}
        onClose={() => setRevoking(null)}
      />
    </AdminPage>
  );
}

export default SuperAdminsPage;
