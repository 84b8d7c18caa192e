import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api/client';
import { notify } from '../../../lib/toast';
import { authErrorMessage, login, requestMagicLink, requireSession, type InvitationLink } from '../api';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { MESSAGES, validateLogin } from '../validation';
import { FormError, submitErrorMessage } from './form-error';
import { EmailField, PasswordField } from './account-fields';

/** `invitation`: opened from an invitation link, which also confirms an address not confirmed yet. */
export function LoginForm({ initialEmail = '', invitation }: { initialEmail?: string; invitation?: InvitationLink }) {
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'magic' | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);

  /**
   * Through the invitation when there is one. A stale link (a newer invitation mail replaced it, or it was
   * answered) cannot confirm an address (decision 33), but must not keep a person out either: they sign in
   * without it, and the invitation page then shows where the invitation stands.
   */
  const signIn = async () => {
    try {
      return await login(email, password, invitation);
    } catch (caught) {
      const stale = (caught instanceof ApiError ? (caught.body as { code?: string } | undefined) : undefined)?.code;
      if (invitation && stale === 'invitation_link_invalid') return login(email, password);
      throw caught;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLinkSent(null);
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy('password');
    try {
      const session = requireSession(await signIn(), 'login');
      // With a second factor the code step comes next; success is said once it is proved.
      if (!(await completeSignIn(session))) notify.success('Login successful!');
    } catch (caught) {
      setError(submitErrorMessage(caught, 'Login failed'));
    } finally {
      setBusy(null);
    }
  };

  const onMagicLink = async () => {
    setLinkSent(null);
    if (!email.trim()) {
      setError(MESSAGES.emailRequired);
      return;
    }
    setError(null);
    setBusy('magic');
    try {
      const answer = await requestMagicLink(email);
      setLinkSent(answer?.message || 'A sign-in link was sent to your email address.');
    } catch (caught) {
      setError(authErrorMessage(caught, 'Login failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login">
      <Stack gap="4">
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={setPassword}
        />
        <FormError message={error} />
        {linkSent && (
          <Alert.Root status="success" size="sm" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Sign-in link sent</Alert.Title>
              <Alert.Description>{linkSent}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" loading={busy === 'password'} disabled={busy !== null} w="full">
          Login
        </Button>
        <HStack gap="3">
          <Separator flex="1" />
          <Text textStyle="xs" color="fg.subtle" flexShrink={0}>
            or, without a password
          </Text>
          <Separator flex="1" />
        </HStack>
        <Button
          type="button"
          variant="outline"
          w="full"
          onClick={onMagicLink}
          loading={busy === 'magic'}
          disabled={busy !== null}
        >
          <Mail size={16} /> Email me a sign-in link
        </Button>
      </Stack>
    </form>
  );
}
