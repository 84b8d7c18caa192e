import { Box, Button, Circle, Grid, HStack, Input, Separator, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Check, Pencil, User as UserIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorDetail } from '../../../lib/api/client';
import { formatDate } from '../../../lib/format';
import type { User } from '../../../lib/session';
import type { ProfileUpdate } from '../api/update-profile';
import { colorName, DEFAULT_PROFILE_COLOR, PROFILE_COLORS } from '../colors';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

import { SettingsCard } from './settings-card';
import { FormField } from '../../../components/form-field';
import { EditActions } from '../../../components/edit-actions';

export function ReadOnlyRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="medium" color="fg.muted" mb="1">
        {label}
      </Text>
      <Box textStyle="sm">{children}</Box>
    </Box>
  );
}

/** What a profile row shows for an empty field. */
function NotSet() {
  return (
    <Text as="span" color="fg.subtle">
      Not set
    </Text>
  );
}

function ColorSwatch({ value, size = '5' }: { value: string; size?: string }) {
  return <Circle size={size} bg={value} borderWidth="1px" borderColor="blackAlpha.200" />;
}

function ColorPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <HStack gap="2" wrap="wrap" role="radiogroup" aria-label="Preferred colour">
      {PROFILE_COLORS.map((color) => {
        const selected = color.value.toLowerCase() === value.toLowerCase();
        return (
          <Box
            as="button"
            key={color.value}
            role="radio"
            aria-checked={selected}
            aria-label={color.name}
            title={color.name}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              onChange(color.value);
            }}
            rounded="full"
            p="0.5"
            borderWidth="2px"
            borderColor={selected ? 'fg' : 'transparent'}
            cursor="pointer"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
          >
            <Circle size="7" bg={color.value} color="white">
              {selected && <Check size={14} strokeWidth={3} />}
            </Circle>
          </Box>
        );
      })}
      <Text textStyle="sm" color="fg.muted" ml="1">
        {colorName(value)}
      </Text>
    </HStack>
  );
}

function toForm(user: User): ProfileUpdate {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    title: user.title ?? '',
    preferred_color: user.preferred_color || DEFAULT_PROFILE_COLOR,
  };
}

export function ProfileCard() {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileUpdate | null>(null);
  const profile = useProfile();

  const save = useUpdateProfile(() => setEditing(false));

  const startEditing = () => {
    if (!profile.data) return;
    setForm(toForm(profile.data));
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setForm(null);
    void profile.refetch();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form)
      save.mutate({ ...form, first_name: form.first_name.trim(), last_name: form.last_name.trim(), title: form.title.trim() });
  };

  const set = (key: keyof ProfileUpdate) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => (current ? { ...current, [key]: event.target.value } : current));

  const user = profile.data;

  return (
    <SettingsCard
      icon={UserIcon}
      title="Profile Information"
      description="How you appear to other members of your deals."
      action={
        !editing && user ? (
          <Button size="sm" variant="outline" onClick={startEditing}>
            <Pencil size={14} /> Edit
          </Button>
        ) : undefined
      }
    >
      {profile.isPending && (
        <Stack gap="4">
          <Skeleton h="5" w="50%" />
          <Skeleton h="5" w="70%" />
          <Skeleton h="5" w="40%" />
        </Stack>
      )}
      {profile.isError && (
        <Text color="fg.error" textStyle="sm">
          {errorDetail(profile.error, 'Your profile could not be loaded.')}
        </Text>
      )}
      {user && !editing && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <ReadOnlyRow label="Email">{user.email}</ReadOnlyRow>
          <ReadOnlyRow label="Title">{user.title || <NotSet />}</ReadOnlyRow>
          <ReadOnlyRow label="First name">{user.first_name || <NotSet />}</ReadOnlyRow>
          <ReadOnlyRow label="Last name">{user.last_name || <NotSet />}</ReadOnlyRow>
          <ReadOnlyRow label="Preferred colour">
            <HStack gap="2">
              <ColorSwatch value={user.preferred_color || DEFAULT_PROFILE_COLOR} />
              <Text>{colorName(user.preferred_color || DEFAULT_PROFILE_COLOR)}</Text>
            </HStack>
          </ReadOnlyRow>
          <ReadOnlyRow label="Member Since">{formatDate(user.created_at)}</ReadOnlyRow>
        </SimpleGrid>
      )}
      {user && editing && form && (
        <form onSubmit={onSubmit} aria-label="Edit profile">
          <Stack gap="5">
            <FormField label="Email" readOnly helper={<>Your e-mail address is your sign-in and cannot be changed here.</>}>
              <Input value={user.email} readOnly disabled name="email" />
            </FormField>
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
              <FormField label="First name">
                <Input name="first_name" value={form.first_name} onChange={set('first_name')} autoComplete="given-name" />
              </FormField>
              <FormField label="Last name">
                <Input name="last_name" value={form.last_name} onChange={set('last_name')} autoComplete="family-name" />
              </FormField>
            </Grid>
            <FormField label="Title">
              <Input
                name="title"
                value={form.title}
                onChange={set('title')}
                placeholder="e.g. Partner, CFO, Associate"
                autoComplete="organization-title"
              />
            </FormField>
            <FormField label="Preferred colour">
              <ColorPicker
                value={form.preferred_color}
                onChange={(value) => setForm((current) => (current ? { ...current, preferred_color: value } : current))}
              />
            </FormField>
            <ReadOnlyRow label="Member Since">{formatDate(user.created_at)}</ReadOnlyRow>
            <Separator />
            <EditActions saving={save.isPending} onCancel={cancel} />
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
