import { Button, Center, Heading, Input, Spinner, Text, VStack } from '@chakra-ui/react';
import { LinkIcon } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/logo';
import { notify } from '../../lib/toast';
import { ApiError } from '../../lib/api/client';
import { authErrorMessage, NoTokenError, requireSession, type AuthResponse } from './api/auth-response';
import { useCompleteSignIn } from './api/complete-sign-in';
import { useConfirmRegistration, verifyMagicLink } from './api/verify-magic-link';
import { FormField } from '../../components/form-field';

// A link can be used once: remember the verification per token so a re-render or a second effect run
// (React strict mode) never sends it twice.
const verifications = new Map<string, Promise<AuthResponse>>();

function verifyOnce(token: string) {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyMagicLink(token);
    verifications.set(token, pending);
  }
  return pending;
}

/** The page's one card, whatever it says. */
const CARD = {
  gap: '5',
  maxW: 'md',
  w: 'full',
  bg: 'bg',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'xl',
  shadow: 'sm',
  px: '8',
  py: '10',
} as const;

/** The server's `code` on a refused verification, when it sent one. */
function refusalCode(error: unknown): string | undefined {
  return error instanceof ApiError ? ((error.body as { code?: string } | undefined)?.code ?? undefined) : undefined;
}

/**
 * /login/magic?token=...: signs in with a mailed link, or says why it cannot. A registration's
 * confirmation (`kind=confirm`) opened outside the registering browser asks for the registration's
 * password first; a link that removed a password someone else had set says so and leads to setting one
 * (docs/decisions.md decision 30).
 */
export function MagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(token ? null : 'This sign-in link is incomplete. Ask for a new one.');
  const [askPassword, setAskPassword] = useState<string | null>(null);
  const [password, setPassword] = useState('');

  const finish = useCallback(
    async (answer: AuthResponse) => {
      const session = requireSession(answer, 'login');
      const needsCode = await completeSignIn(session);
      if (answer.password_cleared) {
        notify.info('Password removed', answer.message);
        if (!needsCode) {
          navigate('/settings#security', { replace: true });
          return;
        }
      }
      if (needsCode) {
        navigate('/login/verify', { replace: true });
        return;
      }
      notify.success('Login successful!');
      navigate('/', { replace: true });
    },
    [completeSignIn, navigate],
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token)
      .then(async (answer) => {
        if (active) await finish(answer);
      })
      .catch((caught) => {
        if (!active) return;
        // Not spent: the registrant types the password chosen at registration, anyone else ignores it.
        if (refusalCode(caught) === 'registrant_proof_required') {
          verifications.delete(token);
          setAskPassword((caught as ApiError).detail ?? '');
          return;
        }
        setError(caught instanceof NoTokenError ? caught.message : authErrorMessage(caught, 'Login failed'));
      });
    return () => {
      active = false;
    };
  }, [token, finish]);

  const confirmation = useConfirmRegistration(token, finish, (caught) => {
    if (refusalCode(caught) === 'registrant_password_wrong') setAskPassword((caught as ApiError).detail ?? '');
    else setError(authErrorMessage(caught, 'Login failed'));
  });

  const confirmWithPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setAskPassword('Please enter the password you chose when registering.');
      return;
    }
    confirmation.mutate(password);
  };

  if (askPassword !== null && !error) {
    return (
      <Center minH="100vh" px="4" bg="bg.canvas">
        <VStack asChild {...CARD}>
          <form onSubmit={confirmWithPassword} noValidate aria-label="Confirm your email address">
            <LogoMark size={40} />
            <Heading as="h1" size="xl" textAlign="center">
              Confirm your email address
            </Heading>
            <Text color="fg.muted" textAlign="center" data-testid="registrant-proof">
              {askPassword}
            </Text>
            <FormField label="Password chosen when registering" required>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <Button type="submit" colorPalette="brand" w="full" loading={confirmation.isPending} loadingText="Confirming...">
              Confirm Email Address
            </Button>
            <Button asChild variant="ghost" size="sm">
              <RouterLink to="/login">I did not register: back to sign in</RouterLink>
            </Button>
          </form>
        </VStack>
      </Center>
    );
  }

  return (
    <Center minH="100vh" px="4" bg="bg.canvas">
      <VStack {...CARD} textAlign="center">
        <LogoMark size={40} />
        {error ? (
          <>
            <VStack gap="2">
              <Heading as="h1" size="xl">
                This sign-in link cannot be used
              </Heading>
              <Text color="fg.muted" data-testid="magic-link-error">
                {error}
              </Text>
            </VStack>
            <Button asChild colorPalette="brand">
              <RouterLink to="/login">
                <LinkIcon size={16} /> Back to sign in
              </RouterLink>
            </Button>
          </>
        ) : (
          <>
            <Spinner size="lg" color="brand.solid" borderWidth="3px" />
            <Heading as="h1" size="lg">
              Signing you in...
            </Heading>
          </>
        )}
      </VStack>
    </Center>
  );
}

export default MagicLinkPage;
