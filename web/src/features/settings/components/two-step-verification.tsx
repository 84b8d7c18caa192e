import { Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { useMfaStatus } from '../../../lib/api/mfa-status';
import { pluralize } from '../../../lib/format';
import { useNewRecoveryCodes } from '../api/new-recovery-codes';
import { EnrollDialog } from './enroll-dialog';
import { FactorRow } from './factor-row';
import { RecoveryCodes } from './recovery-codes';

/** Settings → Two-Step Verification: turn it on, see the authenticators, renew recovery codes, turn it off. */
export function TwoStepVerificationBody() {
  const [enrolling, setEnrolling] = useState(false);
  // The dialog stays mounted in one place: turning it on changes the state below while the recovery
  // codes are still on screen.
  return (
    <>
      <EnrollDialog open={enrolling} onClose={() => setEnrolling(false)} />
      <TwoStepState onSetUp={() => setEnrolling(true)} />
    </>
  );
}

/** The badge and the sentence saying whether two-step verification is on. */
function StateLine({ on }: { on: boolean }) {
  return (
    <HStack gap="2">
      <Badge colorPalette={on ? 'green' : 'gray'}>{on ? 'On' : 'Off'}</Badge>
      <Text textStyle="sm" fontWeight="medium">
        {`Two-step verification is ${on ? 'on' : 'off'}`}
      </Text>
    </HStack>
  );
}

function TwoStepState({ onSetUp }: { onSetUp: () => void }) {
  const status = useMfaStatus();
  const renew = useNewRecoveryCodes();
  const [confirmRenew, setConfirmRenew] = useState(false);
  const [renewed, setRenewed] = useState<string[] | null>(null);

  if (status.isPending)
    return (
      <Stack gap="2">
        <Skeleton h="5" />
        <Skeleton h="5" w="60%" />
      </Stack>
    );
  if (status.isError)
    return (
      <Text textStyle="sm" color="fg.error">
        Failed to load two-step verification settings
      </Text>
    );
  const factors = status.data.factors;

  if (factors.length === 0) {
    return (
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Box maxW="xl">
          <StateLine on={false} />
          <Text textStyle="xs" color="fg.muted" mt="1">
            Protect your account with a code from an authenticator app each time you sign in. Some deals require it.
          </Text>
        </Box>
        <Button size="sm" colorPalette="brand" onClick={onSetUp}>
          <ShieldCheck size={14} /> Set Up Two-Step Verification
        </Button>
      </Flex>
    );
  }
  return (
    <Stack gap="3">
      <StateLine on />
      <Box>
        {factors.map((factor) => (
          <FactorRow key={factor.id} factor={factor} last={factors.length === 1} />
        ))}
      </Box>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text textStyle="xs" color="fg.muted">
          {pluralize(status.data.recovery_codes_left, 'recovery code')} left. New codes replace the old ones.
        </Text>
        <Button size="sm" variant="outline" onClick={() => setConfirmRenew(true)}>
          <KeyRound size={14} /> New Recovery Codes
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirmRenew}
        title="New Recovery Codes"
        confirmLabel="Make New Codes"
        loading={renew.isPending}
        message={<Text>Your current recovery codes will stop working.</Text>}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: (answer) => setRenewed(answer.recovery_codes),
            onSettled: () => setConfirmRenew(false),
          })
        }
        onClose={() => setConfirmRenew(false)}
      />
      <Modal
        open={renewed !== null}
        onClose={() => setRenewed(null)}
        title="Save Your Recovery Codes"
        size="lg"
        footer={
          <Button colorPalette="brand" onClick={() => setRenewed(null)}>
            I Have Saved Them
          </Button>
        }
      >
        {renewed && <RecoveryCodes codes={renewed} />}
      </Modal>
    </Stack>
  );
}
