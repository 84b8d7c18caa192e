import { Alert, Badge, Box, Checkbox, Grid, HStack, RadioGroup, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { STICKY_COLUMN_HEADS } from '../../../components/column-heads';
import { displayName } from '../../../lib/format';
import type { PermissionPeople } from '../api/permission-people';
import { entryState, listOf, permissionSummary, toggleEntry, type PrincipalKind } from '../permissions';
import type { FilePermissions } from '../types';

interface Entry {
  id: string;
  label: string;
  hint?: string;
  pending?: boolean;
}

function entriesOf(kind: PrincipalKind, people: PermissionPeople | undefined): Entry[] {
  if (!people) return [];
  if (kind === 'users') {
    return people.users.map((user) => ({
      id: user.user_id,
      label: displayName(user),
      hint: user.first_name || user.last_name ? user.email : undefined,
      pending: user.status === 'pending',
    }));
  }
  if (kind === 'groups') {
    return people.groups.map((group) => ({
      id: group.id,
      label: group.name,
      hint: group.member_count !== undefined ? `${group.member_count} member${group.member_count === 1 ? '' : 's'}` : undefined,
    }));
  }
  return people.tags.map((tag) => ({ id: tag.id, label: tag.name }));
}

function Tick({
  checked,
  label,
  palette,
  muted = false,
  onChange,
}: {
  checked: boolean;
  label: string;
  palette: string;
  muted?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      colorPalette={palette}
      size="sm"
      justifyContent="center"
      opacity={muted ? 0.5 : 1}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function EntryTable({
  kind,
  entries,
  value,
  onChange,
}: {
  kind: PrincipalKind;
  entries: Entry[];
  value: FilePermissions;
  onChange: (next: FilePermissions) => void;
}) {
  if (entries.length === 0) {
    const what = kind === 'users' ? 'members' : kind;
    return (
      <Text textStyle="sm" color="fg.muted" py="6" textAlign="center">
        This deal has no {what} yet.
      </Text>
    );
  }
  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" maxH="72" overflowY="auto">
      <Grid
        templateColumns="minmax(0,1fr) 72px 72px"
        px="3"
        py="2"
        {...STICKY_COLUMN_HEADS}
        borderBottomWidth="1px"
        borderColor="border"
      >
        <Text>Name</Text>
        <Text textAlign="center">Allow</Text>
        <Text textAlign="center">Deny</Text>
      </Grid>
      {entries.map((entry) => {
        const state = entryState(value, kind, entry.id);
        const allowed = listOf(value, 'allowed', kind).includes(entry.id);
        const denied = listOf(value, 'denied', kind).includes(entry.id);
        return (
          <Grid
            key={entry.id}
            templateColumns="minmax(0,1fr) 72px 72px"
            px="3"
            py="2"
            alignItems="center"
            borderBottomWidth="1px"
            borderColor="border.muted"
            bg={state === 'denied' || state === 'overridden' ? 'red.subtle/40' : undefined}
            data-testid={`permission-entry-${entry.id}`}
            data-state={state}
          >
            <Box minW="0">
              <HStack gap="2" minW="0">
                <Text
                  textStyle="sm"
                  truncate
                  textDecoration={state === 'denied' || state === 'overridden' ? 'line-through' : undefined}
                  color={state === 'denied' || state === 'overridden' ? 'fg.muted' : 'fg'}
                >
                  {entry.label}
                </Text>
                {entry.pending && (
                  <Badge size="xs" colorPalette="yellow" variant="subtle">
                    pending
                  </Badge>
                )}
                {state === 'overridden' && (
                  <Badge size="xs" colorPalette="red" variant="subtle" data-testid="deny-wins">
                    Denied (overrides allow)
                  </Badge>
                )}
              </HStack>
              {entry.hint && (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {entry.hint}
                </Text>
              )}
            </Box>
            <Tick
              checked={allowed}
              muted={state === 'overridden'}
              palette="green"
              label={`Allow ${entry.label}`}
              onChange={(on) => onChange(toggleEntry(value, 'allowed', kind, entry.id, on))}
            />
            <Tick
              checked={denied}
              palette="red"
              label={`Deny ${entry.label}`}
              onChange={(on) => onChange(toggleEntry(value, 'denied', kind, entry.id, on))}
            />
          </Grid>
        );
      })}
    </Box>
  );
}

/** Who may see a file: everyone with access to the data room, or a custom list where denied entries win. */
export function PermissionsDialog({
  open,
  initial,
  people,
  peopleLoading,
  saving,
  onClose,
  onSave,
}: {
  open: boolean;
  initial: FilePermissions;
  people: PermissionPeople | undefined;
  peopleLoading: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (permissions: FilePermissions) => void;
}) {
  const [value, setValue] = useState<FilePermissions>(initial);
  const [tab, setTab] = useState<PrincipalKind>('users');

  useEffect(() => {
    if (open) {
      setValue(initial);
      setTab('users');
    }
  }, [open, initial]);

  const summary = permissionSummary(value);
  const counts = (kind: PrincipalKind) => new Set([...listOf(value, 'allowed', kind), ...listOf(value, 'denied', kind)]).size;

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="File Permissions"
      description="Choose who in this deal can see this file."
      size="2xl"
      busy={saving}
      actionLabel="Save Permissions"
      onAction={() => onSave(value)}
    >
      <Stack gap="4">
        <RadioGroup.Root
          value={value.type}
          onValueChange={(details) => setValue({ ...value, type: details.value === 'custom' ? 'custom' : 'all' })}
          colorPalette="brand"
          size="sm"
        >
          <Stack gap="3">
            <RadioGroup.Item value="all" alignItems="flex-start">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                <Text fontWeight="medium">All members</Text>
                <Text textStyle="xs" color="fg.muted" fontWeight="normal">
                  Everyone in the deal who can view files sees this file.
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="custom" alignItems="flex-start">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                <Text fontWeight="medium">Custom</Text>
                <Text textStyle="xs" color="fg.muted" fontWeight="normal">
                  Only the members, groups and tags you allow, minus those you deny.
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>

        {value.type === 'custom' && (
          <>
            <Alert.Root status="info" size="sm" variant="subtle">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>
                  Denied entries override allowed ones: anyone matching a denied member, group or tag cannot see the file, even if
                  they are also allowed. Deal owners, admins and the uploader always keep access.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            {peopleLoading ? (
              <HStack justify="center" py="8" color="fg.muted" gap="2">
                <Spinner size="sm" />
                <Text textStyle="sm">Loading members, groups and tags...</Text>
              </HStack>
            ) : (
              <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as PrincipalKind)} size="sm" variant="line">
                <Tabs.List>
                  {(['users', 'groups', 'tags'] as PrincipalKind[]).map((kind) => (
                    <Tabs.Trigger key={kind} value={kind}>
                      {kind === 'users' ? 'Users' : kind === 'groups' ? 'Groups' : 'Tags'}
                      {counts(kind) > 0 && (
                        <Badge size="xs" variant="solid" colorPalette="brand" ms="1">
                          {counts(kind)}
                        </Badge>
                      )}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {(['users', 'groups', 'tags'] as PrincipalKind[]).map((kind) => (
                  <Tabs.Content key={kind} value={kind} pt="3">
                    <EntryTable kind={kind} entries={entriesOf(kind, people)} value={value} onChange={setValue} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            )}
            <Text textStyle="sm" color="fg.muted" data-testid="permission-summary">
              {summary.allowed} allowed · {summary.denied} denied
              {summary.allowed === 0 ? ' — with nothing allowed, only owners, admins and the uploader can see it.' : ''}
            </Text>
          </>
        )}
      </Stack>
    </ActionDialog>
  );
}
