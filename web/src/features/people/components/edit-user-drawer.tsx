import { Alert, Button, CloseButton, Drawer, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { UserMinus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { displayName } from '../../../lib/format';
import { normalizeCapabilities } from '../../../lib/permission-sets';
import { previewCapabilities } from '../capabilities';
import { EDIT_USER_MESSAGES, memberForm, memberUpdate, needsSet, type MemberForm } from '../member';
import { formatLastActive } from '../time';
import type { EnhancedUser, Group, PermissionSet, Tag } from '../types';
import { EditUserFields } from './edit-user-fields';
import { EffectivePermissions } from './effective-permissions';
import { OwnerBadge } from './owner-badge';
import { PersonCell } from './person-cell';
import { RoleBadge } from './role-badge';
import { MemberStatusBadge } from './member-status-badge';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { useCompanies } from '../api/companies';

/**
 * Edit User side panel (docs/product.md §2, §5): role (deal admins only, docs/decisions.md decision 34),
 * set (required unless admin; locked for the owner), groups, tags, company, status.
 */
export function EditUserDrawer({
  dealId,
  user,
  canManage,
  canManageAdmins = false,
  sets,
  groups,
  tags,
  onClose,
}: {
  dealId: string;
  user: EnhancedUser | null;
  canManage: boolean;
  /** The caller is a deal admin: the Role field is theirs to change. */
  canManageAdmins?: boolean;
  sets: PermissionSet[];
  groups: Group[];
  tags: Tag[];
  onClose: () => void;
}) {
  // Filled on the first render when the drawer mounts open (it loads on its first opening, decision 67):
  // its title is then there as the dialog opens and names it.
  const [form, setForm] = useState<MemberForm | null>(() => (user ? memberForm(user, sets) : null));
  const [initial, setInitial] = useState<MemberForm | null>(() => (user ? memberForm(user, sets) : null));
  const [setError, setSetError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [confirmRole, setConfirmRole] = useState(false);

  const userId = user?.user_id;
  const setsReady = sets.length > 0;
  useEffect(() => {
    if (!user) return;
    const start = memberForm(user, sets);
    setForm(start);
    setInitial(start);
    setSetError(null);
    setConfirmRemove(false);
    setConfirmRole(false);
    // Reset only when another member is opened or the sets arrive, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, setsReady]);

  const companies = useCompanies(dealId, Boolean(user) && canManage);

  const locked = !canManage || Boolean(user?.is_owner);
  const roleLocked = locked || !canManageAdmins;
  const update = form && initial ? memberUpdate(initial, form) : {};
  const dirty = Object.keys(update).length > 0;

  const save = useUpdateMember(dealId, () => {
    setConfirmRole(false);
    onClose();
  });
  const remove = useRemoveMember(dealId, () => {
    setConfirmRemove(false);
    onClose();
  });

  const groupSetIds = useMemo(
    () => (form ? groups.filter((group) => form.groupIds.includes(group.id)).map((group) => group.permission_set_id) : []),
    [form, groups],
  );
  const effective =
    user && form && dirty
      ? previewCapabilities({
          // Revoking leaves a plain member: their set and groups alone.
          role: form.role === 'admin' ? 'admin' : user.role === 'admin' ? 'member' : user.role,
          status: form.status,
          permissionSetId: form.permissionSetId,
          groupSetIds,
          sets,
        })
      : normalizeCapabilities(user?.effective_permissions);

  const onSave = () => {
    if (!form) return;
    if (needsSet(form)) {
      setSetError(EDIT_USER_MESSAGES.noSet);
      return;
    }
    if (!dirty || !user) return;
    // Granting or revoking the admin role is confirmed first, like removal.
    if (update.role) setConfirmRole(true);
    else save.mutate({ userId: user.user_id, update });
  };
  const granting = update.role === 'admin';

  const patch = (next: Partial<MemberForm>) => setForm((current) => (current ? { ...current, ...next } : current));
  const busy = save.isPending || remove.isPending;

  return (
    <>
      <Drawer.Root
        open={Boolean(user) && !confirmRemove && !confirmRole}
        onOpenChange={(details) => {
          if (!details.open && !busy) onClose();
        }}
        placement="end"
        size="md"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              {user && form && (
                <>
                  <Drawer.Header borderBottomWidth="1px" borderColor="border" pb="4">
                    <Stack gap="3" w="full" pe="8">
                      <Drawer.Title textStyle="md">Edit User</Drawer.Title>
                      <PersonCell
                        person={user}
                        trailing={
                          <HStack gap="1">
                            {user.is_owner && <OwnerBadge />}
                            <RoleBadge role={user.display_role} />
                          </HStack>
                        }
                      />
                      <HStack gap="3" textStyle="xs" color="fg.muted">
                        <MemberStatusBadge status={user.status} />
                        <Text>Last active {formatLastActive(user.last_active_at)}</Text>
                      </HStack>
                    </Stack>
                  </Drawer.Header>
                  <Drawer.Body py="5">
                    <Stack gap="5">
                      {user.is_owner ? (
                        <Alert.Root status="info" size="sm" variant="subtle">
                          <Alert.Indicator />
                          <Alert.Title fontWeight="normal">The deal owner cannot be edited or removed.</Alert.Title>
                        </Alert.Root>
                      ) : !canManage ? (
                        <Alert.Root status="neutral" size="sm" variant="subtle">
                          <Alert.Indicator />
                          <Alert.Title fontWeight="normal">
                            You can view this member. Managing members needs the Manage users capability.
                          </Alert.Title>
                        </Alert.Root>
                      ) : null}

                      <EditUserFields
                        form={form}
                        patch={patch}
                        locked={locked}
                        roleLocked={roleLocked}
                        canManageAdmins={canManageAdmins}
                        sets={sets}
                        groups={groups}
                        tags={tags}
                        companies={companies.data ?? []}
                        setError={setError}
                        onSetError={setSetError}
                      />

                      <EffectivePermissions effective={effective} dirty={dirty} status={form.status} />
                    </Stack>
                  </Drawer.Body>
                  <Drawer.Footer borderTopWidth="1px" borderColor="border" justifyContent="space-between">
                    {canManage && !user.is_owner ? (
                      <Button variant="ghost" colorPalette="red" size="sm" onClick={() => setConfirmRemove(true)} disabled={busy}>
                        <UserMinus /> Remove
                      </Button>
                    ) : (
                      <span />
                    )}
                    <HStack gap="2">
                      <Button variant="outline" size="sm" onClick={onClose} disabled={busy}>
                        {locked ? 'Close' : 'Cancel'}
                      </Button>
                      {!locked && (
                        <Button colorPalette="brand" size="sm" onClick={onSave} loading={save.isPending} disabled={!dirty}>
                          Save Changes
                        </Button>
                      )}
                    </HStack>
                  </Drawer.Footer>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close" />
                  </Drawer.CloseTrigger>
                </>
              )}
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <ConfirmDialog
        open={confirmRemove}
        title="Remove user"
        message={
          <Text>
            Remove <strong>{user ? displayName(user) : ''}</strong> from this deal? They lose access to its data room, checklist
            and activity at once.
          </Text>
        }
        confirmLabel="Remove User"
        destructive
        loading={remove.isPending}
        onConfirm={() => user && remove.mutate(user.user_id)}
        onClose={() => setConfirmRemove(false)}
      />
      <ConfirmDialog
        open={confirmRole}
        title={granting ? 'Make admin' : 'Revoke admin'}
        message={
          granting ? (
            <Text>
              Make <strong>{user ? displayName(user) : ''}</strong> an admin of this deal? Admins hold every right in it: they
              manage its people, edit and archive the deal, and grant or revoke the admin role.
            </Text>
          ) : (
            <Text>
              Revoke the admin role from <strong>{user ? displayName(user) : ''}</strong>? They keep only the rights of their
              permission set and groups.
            </Text>
          )
        }
        confirmLabel={granting ? 'Make Admin' : 'Revoke Admin'}
        destructive={!granting}
        loading={save.isPending}
        onConfirm={() => user && save.mutate({ userId: user.user_id, update })}
        onClose={() => setConfirmRole(false)}
      />
    </>
  );
}
