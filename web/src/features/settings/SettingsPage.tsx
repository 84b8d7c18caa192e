import {
  Box,
  Button,
  Card,
  Circle,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  Separator,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Bell, Check, Info, MonitorSmartphone, Pencil, Shield, ShieldCheck, User as UserIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorDetail } from '../../lib/api';
import { formatDate } from '../../lib/format';
import type { User } from '../../lib/session';
import { SecurityBody } from './components/SecurityCard';
import { SessionsBody } from './components/SessionsList';
import { TwoStepVerificationBody } from './components/TwoStepVerification';
import { fetchProfile, PROFILE_KEY, type ProfileUpdate } from './api';
import { colorName, DEFAULT_PROFILE_COLOR, PROFILE_COLORS } from './colors';
import { useNotificationPreferences, type NotificationPreferences } from './preferences';
import { useUpdateProfile } from './api/profile-changes';

export const APP_VERSION = '1.0.0';

function SettingsCard({
  id,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  id?: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" bg="bg" id={id} scrollMarginTop="80px">
      <Card.Header px={{ base: '5', md: '6' }} pt="5" pb="4" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align="center" gap="4">
          <HStack gap="3" align="flex-start">
            <Box color="fg.muted" mt="0.5">
              <Icon size={18} />
            </Box>
            <Box>
              <Heading as="h2" size="md">
                {title}
              </Heading>
              {description && (
                <Text textStyle="sm" color="fg.muted" mt="0.5">
                  {description}
                </Text>
              )}
            </Box>
          </HStack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body px={{ base: '5', md: '6' }} py="5">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function ReadOnlyRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="medium" color="fg.muted" mb="1">
        {label}
      </Text>
      <Box textStyle="sm">{children}</Box>
    </Box>
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

function ProfileCard() {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileUpdate | null>(null);
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });

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
    if (form) save.mutate({ ...form, first_name: form.first_name.trim(), last_name: form.last_name.trim(), title: form.title.trim() });
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
          <ReadOnlyRow label="Title">{user.title || <Text as="span" color="fg.subtle">Not set</Text>}</ReadOnlyRow>
          <ReadOnlyRow label="First name">
            {user.first_name || <Text as="span" color="fg.subtle">Not set</Text>}
          </ReadOnlyRow>
          <ReadOnlyRow label="Last name">
            {user.last_name || <Text as="span" color="fg.subtle">Not set</Text>}
          </ReadOnlyRow>
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
            <Field.Root readOnly>
              <Field.Label>Email</Field.Label>
              <Input value={user.email} readOnly disabled name="email" />
              <Field.HelperText>Your e-mail address is your sign-in and cannot be changed here.</Field.HelperText>
            </Field.Root>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <Field.Root>
                <Field.Label>First name</Field.Label>
                <Input name="first_name" value={form.first_name} onChange={set('first_name')} autoComplete="given-name" />
              </Field.Root>
              <Field.Root>
                <Field.Label>Last name</Field.Label>
                <Input name="last_name" value={form.last_name} onChange={set('last_name')} autoComplete="family-name" />
              </Field.Root>
            </Grid>
            <Field.Root>
              <Field.Label>Title</Field.Label>
              <Input
                name="title"
                value={form.title}
                onChange={set('title')}
                placeholder="e.g. Partner, CFO, Associate"
                autoComplete="organization-title"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Preferred colour</Field.Label>
              <ColorPicker
                value={form.preferred_color}
                onChange={(value) => setForm((current) => (current ? { ...current, preferred_color: value } : current))}
              />
            </Field.Root>
            <ReadOnlyRow label="Member Since">{formatDate(user.created_at)}</ReadOnlyRow>
            <Separator />
            <HStack justify="flex-end" gap="2">
              <Button variant="outline" onClick={cancel} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={save.isPending}>
                Save Changes
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}

const NOTIFICATION_OPTIONS: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Receive updates about your deals by e-mail.' },
  { key: 'fileUploads', label: 'File uploads', description: 'When files are uploaded to a deal you belong to.' },
  { key: 'checklistUpdates', label: 'Checklist updates', description: 'When checklist items change status or are approved.' },
  { key: 'userInvitations', label: 'User invitations', description: 'When you are invited to a deal.' },
];

function NotificationsCard() {
  const { preferences, setPreference } = useNotificationPreferences();
  return (
    <SettingsCard
      icon={Bell}
      title="Notification Preferences"
      description="Saved in this browser on this device."
    >
      <Stack gap="0" separator={<Separator />}>
        {NOTIFICATION_OPTIONS.map((option) => (
          <Flex key={option.key} justify="space-between" align="center" gap="6" py="3" _first={{ pt: 0 }} _last={{ pb: 0 }}>
            <Box>
              <Text textStyle="sm" fontWeight="medium" id={`pref-${option.key}`}>
                {option.label}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {option.description}
              </Text>
            </Box>
            <Switch.Root
              colorPalette="brand"
              checked={preferences[option.key]}
              onCheckedChange={(details) => setPreference(option.key, details.checked)}
              aria-labelledby={`pref-${option.key}`}
              name={option.key}
            >
              <Switch.HiddenInput aria-label={option.label} />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
            </Switch.Root>
          </Flex>
        ))}
      </Stack>
    </SettingsCard>
  );
}

function SecurityCard() {
  return (
    <SettingsCard icon={Shield} title="Security">
      <SecurityBody />
    </SettingsCard>
  );
}

function TwoStepCard() {
  return (
    <SettingsCard id="two-step-verification" icon={ShieldCheck} title="Two-Step Verification" description="A code from your phone at every sign-in">
      <TwoStepVerificationBody />
    </SettingsCard>
  );
}

function SessionsCard() {
  return (
    <SettingsCard id="sessions" icon={MonitorSmartphone} title="Sessions" description="Where your account is signed in">
      <SessionsBody />
    </SettingsCard>
  );
}

function AboutCard() {
  return (
    <SettingsCard icon={Info} title="About">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <ReadOnlyRow label="Product">Data Room — Secure M&A Data Room Platform</ReadOnlyRow>
        <ReadOnlyRow label="Version">
          <Text as="span" data-testid="app-version">
            {APP_VERSION}
          </Text>
        </ReadOnlyRow>
      </SimpleGrid>
    </SettingsCard>
  );
}

/** /settings (docs/product.md §2). */
export function SettingsPage() {
  // A link to a card (e.g. from a deal that requires two-step verification) scrolls to it.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <PageContainer maxW="4xl">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            Settings
          </Heading>
          <Text color="fg.muted" textStyle="sm" mt="1">
            Manage your profile, notifications and session.
          </Text>
        </Box>
        <ProfileCard />
        <NotificationsCard />
        <SecurityCard />
        <TwoStepCard />
        <SessionsCard />
        <AboutCard />
      </Stack>
    </PageContainer>
  );
}

export default SettingsPage;
