import { Alert, Box, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { CapabilityToggles } from '../../../components/capability-toggles';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldError } from '../../../lib/use-field-errors';
import {
  CAPABILITY_INFO,
  emptyCapabilities,
  normalizeCapabilities,
  toggleCapability,
  unmetRequirements,
} from '../../../lib/permission-sets';
import type { CapabilityMap, PermissionSet } from '../types';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useSavePermissionSet } from '../api/save-permission-set';

function requirementMessage(unmet: ReturnType<typeof unmetRequirements>): string {
  const names = unmet.map((entry) => CAPABILITY_INFO[entry.capability].label).join(', ');
  const missing = [...new Set(unmet.flatMap((entry) => entry.missing))].map((cap) => CAPABILITY_INFO[cap].label).join(', ');
  const one = unmet.length === 1;
  return `${names} ${one ? 'requires' : 'require'} ${missing}. Turn ${missing} back on, or turn ${one ? 'it' : 'them'} off.`;
}

/** Create or edit a custom permission set of the deal (docs/product.md §2). */
export function PermissionSetDialog({
  dealId,
  open,
  set,
  onClose,
}: {
  dealId: string;
  open: boolean;
  set: PermissionSet | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [caps, setCaps] = useState<CapabilityMap>(emptyCapabilities());
  const { error, setError, edit } = useFieldError();
  const editing = Boolean(set);

  useEffect(() => {
    if (!open) return;
    setName(set?.name ?? '');
    setDescription(set?.description ?? '');
    setCaps(set ? normalizeCapabilities(set.capabilities) : toggleCapability(emptyCapabilities(), 'view', true));
    setError(null);
  }, [open, set, setError]);

  const unmet = unmetRequirements(caps);

  const mutation = useSavePermissionSet(dealId, set, onClose);

  const onSubmit = () => {
    if (!name.trim()) {
      setError('Please enter a name');
      return;
    }
    if (unmet.length) return;
    mutation.mutate({ name: name.trim(), description: description.trim(), capabilities: caps });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="2xl"
      busy={mutation.isPending}
      title={editing ? 'Edit Permission Set' : 'Create Permission Set'}
      description="A custom set belongs to this deal. Members and groups can hold it."
      formId="permission-set-form"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Set'}
      submitDisabled={unmet.length > 0}
    >
      <TextField
        label="Name"
        required
        error={error}
        name="name"
        value={name}
        autoFocus
        placeholder="e.g. Financial advisors"
        onChange={edit(setName)}
      />
      <TextAreaField
        label="Description"
        optional
        name="description"
        rows={2}
        value={description}
        placeholder="What this set is for"
        onChange={setDescription}
      />
      <Box>
        <Text textStyle="sm" fontWeight="medium" mb="1.5">
          Capabilities
        </Text>
        <CapabilityToggles value={caps} onChange={setCaps} />
      </Box>
      {unmet.length > 0 && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" data-testid="unmet-requirements">
            {requirementMessage(unmet)}
          </Alert.Title>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
