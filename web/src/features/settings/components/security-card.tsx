import { Box, Button, Field, Flex, Input, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLogout } from '../../../lib/use-logout';
import { useCurrentUser } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** The new password form's own checks (the server checks again, and the current password). */
export function newPasswordProblem(current: string, next: string, confirm: string, needsCurrent = true): string | null {
  if (needsCurrent && !current) return 'Please enter your current password';
  if (next.length < 6) return 'Password must be at least 6 characters';
  if (next !== confirm) return 'Passwords do not match';
  if (needsCurrent && next === current) return 'The new password must differ from the current one';
  return null;
}

function Row({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap">
      <Box>
        <Text textStyle="sm" fontWeight="medium">
          {title}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {text}
        </Text>
      </Box>
      {action}
    </Flex>
  );
}

/** Settings → Security: change the password (other sessions end), sign out here, or everywhere. */
export function SecurityBody() {
  const logout = useLogout();
  const navigate = useNavigate();
  // An account made by a sign-in link, or whose password a link removed (docs/decisions.md decision 30).
  const hasPassword = useCurrentUser()?.has_password !== false;
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = useChangePassword(() => setForm({ current: '', next: '', confirm: '' }));
  const everywhere = useSignOutEverywhere(() => navigate('/login', { replace: true }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(form.current, form.next, form.confirm, hasPassword);
    setProblem(found);
    if (!found)
      change.mutate(hasPassword ? { current_password: form.current, new_password: form.next } : { new_password: form.next });
  };
  const field = (key: keyof typeof form, label: string, autoComplete: string) => (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => {
          setForm({ ...form, [key]: e.target.value });
          setProblem(null);
        }}
      />
    </Field.Root>
  );

  return (
    <Stack gap="5">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="3">
          <Flex align="center" gap="2">
            <KeyRound size={16} />
            <Text textStyle="sm" fontWeight="medium">
              {hasPassword ? 'Change password' : 'Set a password'}
            </Text>
          </Flex>
          {!hasPassword && (
            <Text textStyle="sm" color="fg.muted" data-testid="no-password-note">
              Your account has no password: you sign in with links mailed to you. Set one to sign in with it as well.
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: hasPassword ? 3 : 2 }} gap="3">
            {hasPassword && field('current', 'Current password', 'current-password')}
            {field('next', 'New password', 'new-password')}
            {field('confirm', 'Confirm new password', 'new-password')}
          </SimpleGrid>
          {problem && (
            <Text textStyle="sm" color="fg.error" role="alert">
              {problem}
            </Text>
          )}
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text textStyle="xs" color="fg.muted">
              Every other session of your account is signed out when the password changes.
            </Text>
            <Button type="submit" size="sm" colorPalette="brand" loading={change.isPending} loadingText="Saving...">
              {hasPassword ? 'Change Password' : 'Set Password'}
            </Button>
          </Flex>
        </Stack>
      </form>
      <Separator />
      <Row
        title="Sign out"
        text="End your session on this device. You will need to sign in again."
        action={
          <Button variant="outline" colorPalette="red" size="sm" onClick={logout}>
            <LogOut size={14} /> Sign Out
          </Button>
        }
      />
      <Row
        title="Sign out everywhere"
        text="End every session of your account, on every device, this one included."
        action={
          <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)}>
            <MonitorSmartphone size={14} /> Sign Out Everywhere
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Sign Out Everywhere"
        destructive
        confirmLabel="Sign Out Everywhere"
        loading={everywhere.isPending}
        message={<Text>Every device signed in to your account will need to sign in again, this one too.</Text>}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
