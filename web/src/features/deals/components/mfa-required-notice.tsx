import { Alert, Box, Button, HStack } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api/client';
import { useDealsRequiringVerification } from '../api/deals-requiring-verification';

/** The API's answer for a member of a deal that requires a second factor this session has not proved. */
export const isDealMfaRequired = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.body as { code?: string } | undefined)?.code === 'deal_mfa_required';

const SETTINGS_LINK = '/settings#two-step-verification';

/** In place of a deal that asks for two-step verification: what to do to open it. */
export function DealMfaRequired() {
  return (
    <Box py="16" data-testid="deal-mfa-required">
      <EmptyState
        icon={<ShieldCheck />}
        title="This deal requires two-step verification"
        description="Its admins ask everyone to sign in with a code from an authenticator app. Set up two-step verification, then open the deal again."
        action={
          <HStack>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/">Back to deals</RouterLink>
            </Button>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={SETTINGS_LINK}>Set Up Two-Step Verification</RouterLink>
            </Button>
          </HStack>
        }
      />
    </Box>
  );
}

/** On the deal list: the deals hidden until two-step verification is set up. */
export function DealsNeedingVerificationBanner() {
  const needing = useDealsRequiringVerification();
  const deals = needing.data ?? [];
  if (deals.length === 0) return null;
  const names = deals.map((d) => d.name).join(', ');
  return (
    <Alert.Root status="info" data-testid="deals-need-verification">
      <Alert.Indicator>
        <ShieldCheck size={18} />
      </Alert.Indicator>
      <Box flex="1">
        <Alert.Title>
          {deals.length === 1 ? 'A deal requires two-step verification' : `${deals.length} deals require two-step verification`}
        </Alert.Title>
        <Alert.Description>
          {names}: set up two-step verification to open {deals.length === 1 ? 'it' : 'them'}.
        </Alert.Description>
      </Box>
      <Button asChild size="sm" colorPalette="brand" variant="outline">
        <RouterLink to={SETTINGS_LINK}>Set Up</RouterLink>
      </Button>
    </Alert.Root>
  );
}
