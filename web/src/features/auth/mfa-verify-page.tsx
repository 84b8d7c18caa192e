import { Button, Center, Field, Heading, Input, Stack, Text, VStack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../../components/logo';
import { FullPageSpinner } from '../../components/spinners';
import { errorDetail } from '../../lib/api/client';
import { pathAfterSignIn, sessionAtom } from '../../lib/session';
import { useMfaStatus } from '../../lib/api/mfa-status';
import { useLogout } from '../../lib/use-logout';
import { useVerifySecondFactor } from './api/verify-second-factor';

/**
 * The second step of signing in for an account with a second factor (docs/decisions.md decision 22):
 * a code from the authenticator app, or one of the recovery codes. Nothing else of the app is reachable
 * until one is accepted.
 */
export function MfaVerifyPage() {
  const { status } = useAtomValue(sessionAtom);
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const factors = useMfaStatus(status === 'mfa');
  const target = pathAfterSignIn(location.state);
  const verification = useVerifySecondFactor(
    (factorsRemoved) => {
      if (!factorsRemoved) {
        navigate(target, { replace: true });
        return;
      }
      navigate('/settings', { replace: true });
      window.location.reload();
    },
    (caught) => {
      setError(errorDetail(caught, 'Verification failed. Please try again.'));
      setCode('');
    },
  );

  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'authenticated') return <Navigate to={target} replace />;

  const factor = factors.data?.factors[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (mode === 'code' && !/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (mode === 'recovery' && !typed) {
      setError('Enter one of your recovery codes');
      return;
    }
    if (mode === 'code' && !factor) {
      setError('Your authenticators could not be loaded. Reload the page and try again.');
      return;
    }
    setError(null);
    verification.mutate({ factorId: mode === 'code' ? factor!.id : undefined, code: typed });
  };

  return (
    <Center minH="100vh" px="4" bg="bg.canvas">
      <VStack gap="5" maxW="md" w="full" bg="bg" borderWidth="1px" borderColor="border" rounded="xl" shadow="sm" px="8" py="10">
        <LogoMark size={40} />
        <VStack gap="2" textAlign="center">
          <Heading as="h1" size="xl">
            <ShieldCheck size={22} style={{ display: 'inline', verticalAlign: '-3px', marginRight: 8 }} />
            Two-step verification
          </Heading>
          <Text color="fg.muted">
            {mode === 'code'
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.'}
          </Text>
        </VStack>
        <form onSubmit={submit} noValidate style={{ width: '100%' }} aria-label="Two-step verification">
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{mode === 'code' ? 'Authentication code' : 'Recovery code'}</Field.Label>
              <Input
                autoFocus
                name={mode === 'code' ? 'otp' : 'recovery-code'}
                inputMode={mode === 'code' ? 'numeric' : 'text'}
                autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
                placeholder={mode === 'code' ? '123456' : 'xxxxx-xxxxx'}
                maxLength={mode === 'code' ? 6 : 20}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(null);
                }}
                fontFamily="mono"
                letterSpacing={mode === 'code' ? '0.3em' : undefined}
              />
              {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={verification.isPending} loadingText="Verifying..." w="full">
              Verify
            </Button>
          </Stack>
        </form>
        <Stack gap="1" align="center" textStyle="sm">
          <Button
            variant="plain"
            size="sm"
            color="fg.muted"
            onClick={() => {
              setMode(mode === 'code' ? 'recovery' : 'code');
              setCode('');
              setError(null);
            }}
          >
            {mode === 'code' ? 'Lost your device? Use a recovery code' : 'Use a code from your authenticator app'}
          </Button>
          <Button variant="plain" size="sm" color="fg.muted" onClick={logout}>
            Sign out
          </Button>
        </Stack>
      </VStack>
    </Center>
  );
}

export default MfaVerifyPage;
