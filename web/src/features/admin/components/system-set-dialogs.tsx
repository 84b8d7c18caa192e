import { Alert, Box, Field, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { SystemPermissionSet } from '@contracts/admin';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { Modal } from '../../../components/modal';
import { CapabilityToggles } from '../../../components/capability-toggles';
import { emptyCapabilities, normalizeCapabilities, unmetRequirements, type CapabilityMap } from '../../../lib/permission-sets';
import { useSaveSystemSet } from '../api/save-system-set';
import { useSetUsage } from '../api/system-set-usage';
import { LoadError } from './load-error';
import { TextAreaField } from '../../../components/text-field';

/** Create or edit a system permission set: a name, a description and one switch per capability. */
export function SystemSetDialog({ open, set, onClose }: { open: boolean; set: SystemPermissionSet | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [caps, setCaps] = useState<CapabilityMap>(emptyCapabilities());
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSystemSet(onClose);
  useEffect(() => {
    if (!open) return;
    setName(set?.name ?? '');
    setDescription(set?.description ?? '');
    setCaps(normalizeCapabilities(set?.capabilities ?? null));
    setProblem(null);
  }, [open, set]);
  const submit = () => {
    if (!name.trim()) return setProblem('Please enter a name');
    if (unmetRequirements(caps).length) return setProblem('Every capability that needs View must come with View');
    setProblem(null);
    save.mutate({ id: set?.id, name: name.trim(), description: description.trim(), capabilities: caps });
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="2xl"
      busy={save.isPending}
      title={set ? 'Edit System Permission Set' : 'Create System Permission Set'}
      description="System sets are offered in every deal. Turning a capability on turns on what it requires."
      onSubmit={submit}
      submitLabel={set ? 'Save Changes' : 'Create Set'}
      busyLabel="Saving..."
    >
      <Field.Root required invalid={problem === 'Please enter a name'}>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input value={name} maxLength={100} disabled={set?.built_in} onChange={(e) => setName(e.target.value)} />
        {set?.built_in && <Field.HelperText>A built-in set keeps its name.</Field.HelperText>}
        {problem === 'Please enter a name' && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      <TextAreaField label="Description" value={description} maxLength={1000} rows={2} onChange={setDescription} />
      <CapabilityToggles value={caps} onChange={setCaps} />
      {problem && problem !== 'Please enter a name' && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
    </FormDialog>
  );
}

/** Where a system set is used: members and groups by deal. */
export function SetUsageDialog({ set, onClose }: { set: SystemPermissionSet | null; onClose: () => void }) {
  const usage = useSetUsage(set?.id ?? null);
  const data = usage.data;
  return (
    <Modal
      open={set !== null}
      onClose={onClose}
      size="xl"
      title={`Usage of ${set?.name ?? ''}`}
      description={
        data
          ? `${data.total_users} member${data.total_users === 1 ? '' : 's'}, ${data.total_groups} group${data.total_groups === 1 ? '' : 's'} and ${data.total_invitations} invitation${data.total_invitations === 1 ? '' : 's'}`
          : undefined
      }
    >
      <Box pb="4">
        {usage.isPending ? (
          <Stack gap="2">
            <Skeleton h="8" />
            <Skeleton h="8" />
          </Stack>
        ) : usage.isError ? (
          <LoadError
            title="Failed to load usage data"
            error={usage.error}
            retrying={usage.isFetching}
            onRetry={() => usage.refetch()}
          />
        ) : data && data.users.length + data.groups.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            No member or group uses this set.
          </Text>
        ) : (
          data && (
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Who</Table.ColumnHeader>
                  <Table.ColumnHeader>Deal</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.users.map((u) => (
                  <Table.Row key={`u-${u.email}-${u.deal_name}`}>
                    <Table.Cell>{u.email}</Table.Cell>
                    <Table.Cell>{u.deal_name}</Table.Cell>
                  </Table.Row>
                ))}
                {data.groups.map((g) => (
                  <Table.Row key={`g-${g.group_name}-${g.deal_name}`}>
                    <Table.Cell>Group: {g.group_name}</Table.Cell>
                    <Table.Cell>{g.deal_name}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )
        )}
      </Box>
    </Modal>
  );
}
