import { Alert, Box, Button, HStack, Input, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import {
  CAPABILITY_INFO,
  CAPABILITY_REQUIRES,
  emptyCapabilities,
  normalizeCapabilities,
  toggleCapability,
  unmetRequirements,
} from '../capabilities';
import { CAPABILITIES, type CapabilityMap, type PermissionSet } from '../types';
import { FormField } from './common';
import { useSavePermissionSet } from '../api/access-changes';

/** One switch per capability; turning one on also turns on what it requires, turning one off does not cascade. */
export function CapabilityToggles({
  value,
  onChange,
  disabled = false,
}: {
  value: CapabilityMap;
  onChange: (next: CapabilityMap) => void;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2 }}
      gap="0"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      overflow="hidden"
      data-testid="capability-toggles"
    >
      {CAPABILITIES.map((cap, index) => {
        const requires = CAPABILITY_REQUIRES[cap];
        const unmet = value[cap] && requires.some((req) => !value[req]);
        return (
          <Switch.Root
            key={cap}
            checked={value[cap]}
            disabled={disabled}
            onCheckedChange={(details) => onChange(toggleCapability(value, cap, details.checked))}
            colorPalette="brand"
            size="sm"
            display="flex"
            justifyContent="space-between"
            alignItems="center"
            gap="3"
            px="3"
            py="2.5"
            borderBottomWidth="1px"
            borderColor="border.muted"
            borderRightWidth={{ sm: index % 2 === 0 ? '1px' : '0' }}
            bg={value[cap] ? 'brand.subtle/40' : undefined}
            cursor={disabled ? 'default' : 'pointer'}
            data-capability={cap}
          >
            <Switch.HiddenInput />
            <Box flex="1">
              <Switch.Label>
                <HStack gap="2">
                  <Text as="span" textStyle="sm" fontWeight="medium">
                    {CAPABILITY_INFO[cap].label}
                  </Text>
                  {requires.length > 0 && (
                    <Text as="span" textStyle="xs" color={unmet ? 'fg.error' : 'fg.subtle'} fontWeight="normal">
                      requires {requires.map((req) => CAPABILITY_INFO[req].label).join(', ')}
                    </Text>
                  )}
                </HStack>
              </Switch.Label>
              <Text textStyle="xs" color="fg.muted">
                {CAPABILITY_INFO[cap].description}
              </Text>
            </Box>
            <Switch.Control />
          </Switch.Root>
        );
      })}
    </SimpleGrid>
  );
}

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
  const [error, setError] = useState<string | null>(null);
  const editing = Boolean(set);

  useEffect(() => {
    if (!open) return;
    setName(set?.name ?? '');
    setDescription(set?.description ?? '');
    setCaps(set ? normalizeCapabilities(set.capabilities) : toggleCapability(emptyCapabilities(), 'view', true));
    setError(null);
  }, [open, set]);

  const unmet = unmetRequirements(caps);

  const mutation = useSavePermissionSet(dealId, set, onClose);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please enter a name');
      return;
    }
    if (unmet.length) return;
    mutation.mutate({ name: name.trim(), description: description.trim(), capabilities: caps });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="2xl"
      preventClose={mutation.isPending}
      title={editing ? 'Edit Permission Set' : 'Create Permission Set'}
      description="A custom set belongs to this deal. Members and groups can hold it."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="permission-set-form"
            colorPalette="brand"
            loading={mutation.isPending}
            disabled={unmet.length > 0}
          >
            {editing ? 'Save Changes' : 'Create Set'}
          </Button>
        </>
      }
    >
      <form id="permission-set-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField label="Name" required error={error}>
            <Input
              name="name"
              value={name}
              autoFocus
              placeholder="e.g. Financial advisors"
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          <FormField label="Description" optional>
            <Textarea
              name="description"
              rows={2}
              value={description}
              placeholder="What this set is for"
              onChange={(event) => setDescription(event.target.value)}
            />
          </FormField>
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
        </Stack>
      </form>
    </Modal>
  );
}
