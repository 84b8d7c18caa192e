import { Alert, Box, Center, Flex, Heading, HStack, Stack, Tabs, Text, VStack } from '@chakra-ui/react';
import { FileCheck2, LockKeyhole, Sparkles } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { LoginForm } from './components/login-form';
import { RegisterForm } from './components/register-form';
import type { InvitationLink } from '../../lib/invitation-link';
import { preloadRoute } from '../../lib/lazy-page';
import { pathAfterSignIn } from '../../lib/session';

export const TAGLINE = 'Secure M&A Data Room Platform';

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
 * The invitation link that sent a signed-out browser here: the guard keeps it as `from` (older links
 * put only the address in /login?email=). Its id and token prove the address to the API, so
 * registering or signing in from it confirms the address at once (docs/decisions.md decision 33).
 */
function useInvitation(): { email: string; link?: InvitationLink } {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const id = /^\/invitations\/([^/]+)$/.exec(from?.pathname ?? '')?.[1];
  const params = new URLSearchParams((id ? from?.search : location.search) ?? '');
  const token = params.get('token');
  return { email: (params.get('email') ?? '').trim(), link: id && token ? { id, token } : undefined };
}

export function LoginPage() {
  const [tab, setTab] = useState('login');
  const { email: invitedEmail, link: invitation } = useInvitation();
  // The page a sign-in leads to loads while the person types, so it shows as soon as they are in.
  const { state } = useLocation();
  useEffect(() => {
    void preloadRoute(pathAfterSignIn(state));
  }, [state]);
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
                <LoginForm initialEmail={invitedEmail} invitation={invitation} />
              </Tabs.Content>
              <Tabs.Content value="register" p="0">
                <RegisterForm initialEmail={invitedEmail} invitation={invitation} />
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
