import {
  Alert,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Check, Minus, UserMinus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { displayName } from '../../../lib/format';
import { CAPABILITY_INFO, normalizeCapabilities, previewCapabilities } from '../capabilities';
import { EDIT_USER_MESSAGES, memberForm, memberUpdate, needsSet, type MemberForm } from '../member';
import { formatLastActive } from '../time';
import {
  CAPABILITIES,
  MEMBER_STATUSES,
  type EnhancedUser,
  type Group,
  type MemberRole,
  type PermissionSet,
  type Tag,
} from '../types';
import {
  ChipPicker,
  FieldGroup,
  FormField,
  OwnerBadge,
  PermissionSetSelect,
  PersonCell,
  RoleBadge,
  MemberStatusBadge,
} from './common';
import { useRemoveMember, useUpdateMember } from '../api/member-changes';
import { useCompanies } from '../api/people-reads';

function SectionTitle({ children }: { children: string }) {
  return (
    <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
      {children}
    </Text>
  );
}

const ROLE_OPTIONS: { value: MemberRole; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

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
  const listId = useId();
  const [form, setForm] = useState<MemberForm | null>(null);
  const [initial, setInitial] = useState<MemberForm | null>(null);
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

                      <FormField
                        label="Role"
                        disabled={roleLocked}
                        helper={!locked && !canManageAdmins ? 'Only deal admins can grant or revoke the admin role.' : undefined}
                      >
                        <NativeSelect.Root disabled={roleLocked}>
                          <NativeSelect.Field
                            name="role"
                            aria-label="Role"
                            value={form.role}
                            onChange={(event) => {
                              patch({ role: event.currentTarget.value as MemberRole });
                              setSetError(null);
                            }}
                          >
                            {ROLE_OPTIONS.map((option) => (
                              <option key={option.value} value={option.value}>
                                {option.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </FormField>

                      <FormField label="Permission set" required={form.role !== 'admin'} error={setError} disabled={locked}>
                        <PermissionSetSelect
                          sets={sets}
                          value={form.permissionSetId}
                          disabled={locked}
                          ariaLabel="Permission set"
                          placeholder={form.role === 'admin' ? 'Admin role (all capabilities)' : 'Select a permission set'}
                          onChange={(id) => {
                            patch({ permissionSetId: id });
                            if (id) setSetError(null);
                          }}
                        />
                      </FormField>

                      <FieldGroup label="Groups" helper="Members gain the permission set of each of their groups.">
                        <ChipPicker
                          items={groups}
                          value={form.groupIds}
                          onChange={(ids) => patch({ groupIds: ids })}
                          disabled={locked}
                          emptyText="This deal has no groups yet."
                        />
                      </FieldGroup>

                      <FieldGroup label="Tags">
                        <ChipPicker
                          items={tags}
                          value={form.tagIds}
                          onChange={(ids) => patch({ tagIds: ids })}
                          disabled={locked}
                          emptyText="This deal has no tags yet."
                        />
                      </FieldGroup>

                      <SimpleGrid columns={2} gap="4">
                        <FormField label="Company" disabled={locked}>
                          <Input
                            name="company"
                            value={form.company}
                            disabled={locked}
                            placeholder="Company"
                            list={listId}
                            onChange={(event) => patch({ company: event.target.value })}
                          />
                          <datalist id={listId}>
                            {(companies.data ?? []).map((company) => (
                              <option key={company} value={company} />
                            ))}
                          </datalist>
                        </FormField>
                        <FormField label="Status" disabled={locked}>
                          <NativeSelect.Root disabled={locked}>
                            <NativeSelect.Field
                              name="status"
                              aria-label="Status"
                              value={form.status}
                              onChange={(event) => patch({ status: event.currentTarget.value as MemberForm['status'] })}
                            >
                              {MEMBER_STATUSES.map((status) => (
                                <option key={status} value={status}>
                                  {status.charAt(0).toUpperCase() + status.slice(1)}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </FormField>
                      </SimpleGrid>

                      <Box>
                        <Flex justify="space-between" align="baseline" mb="2">
                          <SectionTitle>Effective permissions</SectionTitle>
                          {dirty && (
                            <Text textStyle="xs" color="fg.warning">
                              Preview of unsaved changes
                            </Text>
                          )}
                        </Flex>
                        <SimpleGrid
                          columns={2}
                          gapX="4"
                          gapY="1.5"
                          borderWidth="1px"
                          borderColor="border"
                          rounded="lg"
                          p="3"
                          bg="bg.subtle"
                          data-testid="effective-permissions"
                        >
                          {CAPABILITIES.map((cap) => (
                            <HStack
                              key={cap}
                              gap="2"
                              textStyle="sm"
                              color={effective[cap] ? 'fg' : 'fg.subtle'}
                              data-capability={cap}
                              data-on={effective[cap] ? 'true' : 'false'}
                            >
                              {effective[cap] ? (
                                <Box color="green.600">
                                  <Check size={14} strokeWidth={3} />
                                </Box>
                              ) : (
                                <Minus size={14} />
                              )}
                              <Text>{CAPABILITY_INFO[cap].label}</Text>
                            </HStack>
                          ))}
                        </SimpleGrid>
                        {form.status !== 'active' && (
                          <Text textStyle="xs" color="fg.muted" mt="2">
                            Inactive and suspended members have no access to the deal.
                          </Text>
                        )}
                      </Box>
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
