import { Box, Button, Center, HStack, IconButton, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { STICKY_COLUMN_HEADS } from '../../../components/column-heads';
import { CloseFooter, Modal } from '../../../components/modal';
import { displayName } from '../../../lib/format';
import { permissionSetLabel } from '../../../lib/permission-sets';
import { LEGACY_SETS } from '../legacy';
import type { DealUser } from '../types';
import { OwnerBadge } from './owner-badge';
import { PersonCell } from './person-cell';
import { RoleBadge } from './role-badge';
import type { DealUserUpdate } from '../api/update-deal-user';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateDealUser } from '../api/update-deal-user';
import { useDealUsers } from '../api/deal-users';
import { LoadFailed } from '../../../components/load-failed';

/** "Admin" grants the deal admin role, and another set chosen for an admin revokes it (docs/decisions.md decision 34). */
const CHOICES = [...LEGACY_SETS, { value: 'admin', label: 'Admin' }] as const;

type RowBody = DealUserUpdate;

function UserRow({
  dealId,
  user,
  onRemove,
  onRoleChange,
}: {
  dealId: string;
  user: DealUser;
  onRemove: (user: DealUser) => void;
  /** A save that grants or revokes the admin role waits for a confirmation. */
  onRoleChange: (change: { user: DealUser; body: RowBody }) => void;
}) {
  const [permissionSet, setPermissionSet] = useState(user.permission_set ?? '');
  const [company, setCompany] = useState(user.company ?? '');
  useEffect(() => {
    setPermissionSet(user.permission_set ?? '');
    setCompany(user.company ?? '');
  }, [user.permission_set, user.company]);

  const setChanged = permissionSet !== (user.permission_set ?? '');
  const companyChanged = company.trim() !== (user.company ?? '').trim();
  const save = useUpdateDealUser(dealId);

  const known = CHOICES.some((set) => set.value === user.permission_set);
  const locked = user.is_owner;
  return (
    <HStack gap="3" px="4" py="3" align="center" data-testid="manage-user-row">
      <Box flex="1" minW="0">
        <PersonCell
          person={user}
          trailing={
            <HStack gap="1">
              {user.is_owner && <OwnerBadge />}
              <RoleBadge role={user.role} />
            </HStack>
          }
        />
      </Box>
      <NativeSelect.Root size="sm" w="40" disabled={locked} flexShrink={0}>
        <NativeSelect.Field
          aria-label={`Permission set of ${displayName(user)}`}
          value={permissionSet}
          onChange={(event) => setPermissionSet(event.currentTarget.value)}
        >
          {!known && <option value={user.permission_set ?? ''}>{permissionSetLabel(user.permission_set)}</option>}
          {CHOICES.map((set) => (
            <option key={set.value} value={set.value}>
              {set.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        size="sm"
        w="40"
        flexShrink={0}
        aria-label={`Company of ${displayName(user)}`}
        placeholder="Company"
        value={company}
        disabled={locked}
        onChange={(event) => setCompany(event.target.value)}
      />
      <HStack gap="1" w="24" justify="flex-end" flexShrink={0}>
        {locked ? (
          <Text textStyle="xs" color="fg.subtle">
            Not editable
          </Text>
        ) : (
          <>
            <Button
              size="xs"
              colorPalette="brand"
              variant={setChanged || companyChanged ? 'solid' : 'outline'}
              disabled={!setChanged && !companyChanged}
              loading={save.isPending}
              onClick={() => {
                const body = { ...(setChanged ? { permission_set: permissionSet } : {}), company: company.trim() || null };
                if (setChanged && (permissionSet === 'admin') !== (user.permission_set === 'admin')) onRoleChange({ user, body });
                else save.mutate({ userId: user.id, body });
              }}
            >
              Save
            </Button>
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove ${displayName(user)}`}
              onClick={() => onRemove(user)}
            >
              <Trash2 />
            </IconButton>
          </>
        )}
      </HStack>
    </HStack>
  );
}

/** Manage Users (docs/product.md §2): each member's permission set and company, and removal; the owner is not editable. */
export function ManageUsersDialog({ dealId, open, onClose }: { dealId: string; open: boolean; onClose: () => void }) {
  const [removing, setRemoving] = useState<DealUser | null>(null);
  const [roleChange, setRoleChange] = useState<{ user: DealUser; body: RowBody } | null>(null);
  const users = useDealUsers(dealId, open);
  const remove = useRemoveMember(dealId, () => setRemoving(null));
  const saveRole = useUpdateDealUser(dealId, () => setRoleChange(null));
  const granting = roleChange?.body.permission_set === 'admin';

  const list = users.data ?? [];
  return (
    <>
      <Modal
        open={open && !removing && !roleChange}
        onClose={onClose}
        size="3xl"
        title="Manage Users"
        description="Change what each member may do in this deal, or remove them."
        footer={<CloseFooter onClose={onClose} />}
      >
        {users.isPending ? (
          <Center py="10">
            <Spinner color="brand.solid" />
          </Center>
        ) : users.isError ? (
          <LoadFailed size="sm" title="Failed to load users" query={users} />
        ) : (
          <Stack
            gap="0"
            borderWidth="1px"
            borderColor="border"
            rounded="lg"
            maxH="60vh"
            overflowY="auto"
            separator={<Box borderTopWidth="1px" borderColor="border.muted" />}
          >
            <HStack gap="3" px="4" py="2" {...STICKY_COLUMN_HEADS}>
              <Text flex="1">Member</Text>
              <Text w="40">Permission set</Text>
              <Text w="40">Company</Text>
              <Box w="24" />
            </HStack>
            {list.map((user) => (
              <UserRow key={user.id} dealId={dealId} user={user} onRemove={setRemoving} onRoleChange={setRoleChange} />
            ))}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove user"
        message={
          <Text>
            Remove <strong>{removing ? displayName(removing) : ''}</strong> from this deal? They lose access at once.
          </Text>
        }
        confirmLabel="Remove User"
        destructive
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={Boolean(roleChange)}
        title={granting ? 'Make admin' : 'Revoke admin'}
        message={
          granting ? (
            <Text>
              Make <strong>{roleChange ? displayName(roleChange.user) : ''}</strong> an admin of this deal? Admins hold every
              right in it: they manage its people, edit and archive the deal, and grant or revoke the admin role.
            </Text>
          ) : (
            <Text>
              Revoke the admin role from <strong>{roleChange ? displayName(roleChange.user) : ''}</strong>? They keep only the
              rights of the permission set chosen.
            </Text>
          )
        }
        confirmLabel={granting ? 'Make Admin' : 'Revoke Admin'}
        destructive={!granting}
        loading={saveRole.isPending}
        onConfirm={() => roleChange && saveRole.mutate({ userId: roleChange.user.id, body: roleChange.body })}
        onClose={() => setRoleChange(null)}
      />
    </>
  );
}
