import {
  Alert,
  Box,
  Button,
  Center,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Separator,
  Stack,
  Tabs,
  Text,
  VStack,
} from '@chakra-ui/react';
import { FileCheck2, LockKeyhole, Mail, Sparkles } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { notify } from '../../lib/toast';
import { authErrorMessage, login, NoTokenError, register, requestMagicLink, requireSession } from './api';
import { useCompleteSignIn } from './useCompleteSignIn';
import { MESSAGES, validateLogin, validateRegister } from './validation';

export const TAGLINE = 'Secure M&A Data Room Platform';

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size="sm" variant="subtle" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal" data-testid="form-error">
        {message}
      </Alert.Title>
    </Alert.Root>
  );
}

function submitErrorMessage(error: unknown, fallback: 'Login failed' | 'Registration failed') {
  if (error instanceof NoTokenError) return error.message;
  return authErrorMessage(error, fallback);
}

function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'magic' | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);

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
      const session = requireSession(await login(email, password), 'login');
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
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
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

function RegisterForm({ initialEmail = '' }: { initialEmail?: string }) {
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegister({ email, password, confirmPassword });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const session = requireSession(await register(email, password), 'register');
      await completeSignIn(session);
      notify.success('Registration successful!');
    } catch (caught) {
      setError(submitErrorMessage(caught, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            placeholder="Create a password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.HelperText>
            At least 6 characters. Use uppercase and lowercase letters and a number for a stronger password.
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm password</Field.Label>
          <Input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat the password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </Field.Root>
        <FormError message={error} />
        <Button type="submit" colorPalette="brand" loading={busy} w="full">
          Register
        </Button>
      </Stack>
    </form>
  );
}

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <HStack align="flex-start" gap="3">
      <Center boxSize="9" rounded="lg" bg="whiteAlpha.200" flexShrink={0}>
        {icon}
      </Center>
      <Box>
        <Text fontWeight="semibold">{title}</Text>
        <Text textStyle="sm" color="whiteAlpha.800">
          {text}
        </Text>
      </Box>
    </HStack>
  );
}

/**
 * The address an invitation link was sent to: the guard keeps the link as `from` when it sends a
 * signed-out browser here (and older links put it in /login?email=).
 */
function useInvitedEmail(): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const search = from?.pathname?.startsWith('/invitations/') ? from.search : location.search;
  return (new URLSearchParams(search ?? '').get('email') ?? '').trim();
}

export function LoginPage() {
  const [tab, setTab] = useState('login');
  const invitedEmail = useInvitedEmail();
  return (
    <Flex minH="100vh" bg="bg.canvas">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        w="44%"
        maxW="640px"
        direction="column"
        justify="space-between"
        color="white"
        px="12"
        py="10"
        bgGradient="to-br"
        gradientFrom="brand.800"
        gradientTo="brand.950"
      >
        <Logo color="white" size={32} />
        <VStack align="stretch" gap="8" maxW="md">
          <Heading size="3xl" lineHeight="1.2" letterSpacing="-0.02em" color="white">
            Due diligence, organised and under control.
          </Heading>
          <Stack gap="5">
            <Feature
              icon={<LockKeyhole size={18} />}
              title="Access you can prove"
              text="Every file is guarded by deal roles and permission sets, enforced in the database."
            />
            <Feature
              icon={<FileCheck2 size={18} />}
              title="Checklist-driven"
              text="Track requested documents section by section, with review and approval built in."
            />
            <Feature
              icon={<Sparkles size={18} />}
              title="AI-assisted filing"
              text="Uploads are matched to checklist items and queued for your review."
            />
          </Stack>
        </VStack>
        <Text textStyle="xs" color="whiteAlpha.700">
          Confidential. Authorised deal participants only.
        </Text>
      </Flex>

      <Center flex="1" px="4" py="10">
        <Box w="full" maxW="420px">
          <VStack gap="2" mb="8" align="center" textAlign="center">
            <Box display={{ base: 'block', lg: 'none' }} mb="2">
              <Logo size={36} showName={false} />
            </Box>
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              Data Room
            </Heading>
            <Text color="fg.muted">{TAGLINE}</Text>
          </VStack>
          <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" shadow="sm" p={{ base: '5', md: '7' }}>
            <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="enclosed" fitted lazyMount unmountOnExit>
              <Tabs.List mb="6" w="full">
                <Tabs.Trigger value="login">Login</Tabs.Trigger>
                <Tabs.Trigger value="register">Register</Tabs.Trigger>
              </Tabs.List>
              {invitedEmail && (
                <Alert.Root status="info" size="sm" borderRadius="md" mb="4" data-testid="invited-notice">
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">
                    Sign in or register with {invitedEmail} to answer your invitation.
                  </Alert.Title>
                </Alert.Root>
              )}
              <Tabs.Content value="login" p="0">
                <LoginForm initialEmail={invitedEmail} />
              </Tabs.Content>
              <Tabs.Content value="register" p="0">
                <RegisterForm initialEmail={invitedEmail} />
              </Tabs.Content>
            </Tabs.Root>
          </Box>
          <Text mt="6" textAlign="center" textStyle="xs" color="fg.subtle">
            By signing in you agree to keep deal information confidential.
          </Text>
        </Box>
      </Center>
    </Flex>
  );
}

export default LoginPage;
