import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { InvitationLink } from '../../../lib/invitation-link';
import { authErrorMessage } from '../api/auth-response';
import { useLogin } from '../api/login';
import { useRequestMagicLink } from '../api/request-magic-link';
import { MESSAGES, validateLogin } from '../validation';
import { FormError, submitErrorMessage } from './form-error';
import { EmailField, PasswordField } from './account-fields';

/** `invitation`: opened from an invitation link, which also confirms an address not confirmed yet. */
export function LoginForm({ initialEmail = '', invitation }: { initialEmail?: string; invitation?: InvitationLink }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const login = useLogin((caught) => setError(submitErrorMessage(caught, 'Login failed')));
  const magicLink = useRequestMagicLink(setLinkSent, (caught) => setError(authErrorMessage(caught, 'Login failed')));
  const busy = login.isPending ? 'password' : magicLink.isPending ? 'magic' : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setLinkSent(null);
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    login.mutate({ email, password, invitation });
  };

  const onMagicLink = () => {
    setLinkSent(null);
    if (!email.trim()) {
      setError(MESSAGES.emailRequired);
      return;
    }
    setError(null);
    magicLink.mutate(email);
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
