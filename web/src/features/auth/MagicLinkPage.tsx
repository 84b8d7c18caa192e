import { Button, Center, Heading, Spinner, Text, VStack } from '@chakra-ui/react';
import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/Logo';
import { notify } from '../../lib/toast';
import { authErrorMessage, NoTokenError, requireSession, verifyMagicLink, type AuthResponse } from './api';
import { useCompleteSignIn } from './useCompleteSignIn';

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

/** /login/magic?token=...: signs in with a mailed link, or says why it cannot. */
export function MagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(token ? null : 'This sign-in link is incomplete. Ask for a new one.');

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token)
      .then(async (answer) => {
        if (!active) return;
        const session = requireSession(answer, 'login');
        if (await completeSignIn(session)) {
          navigate('/login/verify', { replace: true });
          return;
        }
        notify.success('Login successful!');
        navigate('/', { replace: true });
      })
      .catch((caught) => {
        if (!active) return;
        setError(caught instanceof NoTokenError ? caught.message : authErrorMessage(caught, 'Login failed'));
      });
    return () => {
      active = false;
    };
  }, [token, completeSignIn, navigate]);

  return (
    <Center minH="100vh" px="4" bg="bg.canvas">
      <VStack
        gap="5"
        maxW="md"
        w="full"
        textAlign="center"
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="sm"
        px="8"
        py="10"
      >
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
