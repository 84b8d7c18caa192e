import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Info, MonitorSmartphone, Shield, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { SecurityBody } from './components/security-card';
import { SessionsBody } from './components/sessions-list';
import { TwoStepVerificationBody } from './components/two-step-verification';
import { NotificationsCard } from './components/notifications-card';
import { ProfileCard, ReadOnlyRow } from './components/profile-card';
import { SettingsCard } from './components/settings-card';

export const APP_VERSION = '1.0.0';

function SecurityCard() {
  return (
    <SettingsCard id="security" icon={Shield} title="Security">
      <SecurityBody />
    </SettingsCard>
  );
}

function TwoStepCard() {
  return (
    <SettingsCard
      id="two-step-verification"
      icon={ShieldCheck}
      title="Two-Step Verification"
      description="A code from your phone at every sign-in"
    >
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
        <PageTitle title="Settings" subtitle="Manage your profile, notifications and session." />
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
