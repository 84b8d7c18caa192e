import { Badge, Box, Button, Code, Field, Flex, HStack, Image, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Copy, Download, KeyRound, ShieldCheck, Smartphone, Trash2 } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { errorDetail } from '../../../lib/api/client';
import { formatDate, pluralize } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import type { MfaFactor, TotpEnrollment } from '../../auth';
import { useConfirmEnrollment, useNewRecoveryCodes, useRemoveFactor, useStartEnrollment } from '../api/security-changes';
import { useMfaStatus } from '../../auth';

/** The codes, shown once: copied or downloaded before the dialog is closed. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Data room recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied');
    } catch {
      notify.error('Could not copy: select the codes and copy them by hand');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'data-room-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="3">
      <Text textStyle="sm">
        Keep these recovery codes somewhere safe, apart from your phone. If you lose your authenticator, each code signs you in
        once. They are shown only now.
      </Text>
      <SimpleGrid columns={2} gap="2" data-testid="recovery-codes" bg="bg.muted" rounded="md" p="3">
        {codes.map((code) => (
          <Code key={code} fontSize="sm" bg="transparent">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <HStack>
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy size={14} /> Copy
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <Download size={14} /> Download
        </Button>
      </HStack>
    </Stack>
  );
}

/** Scan (or type) the secret, then prove it with a first code; the recovery codes follow. */
function EnrollDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const start = useStartEnrollment();
  const confirm = useConfirmEnrollment();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: begin } = start;

  useEffect(() => {
    if (!open) return;
    setEnrollment(null);
    setQr(null);
    setCode('');
    setProblem(null);
    setCodes(null);
    begin('Authenticator app', {
      onSuccess: (answer) => {
        setEnrollment(answer);
        QRCode.toDataURL(answer.uri, { margin: 1, width: 192 }).then(setQr, () => setQr(null));
      },
    });
  }, [open, begin]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (!enrollment) return;
    confirm.mutate(
      { factorId: enrollment.id, code: code.trim() },
      {
        onSuccess: (answer) => (answer.recovery_codes ? setCodes(answer.recovery_codes) : onClose()),
        onError: (error) => setProblem(errorDetail(error, 'The code was not accepted')),
      },
    );
  };

  if (codes) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title="Save Your Recovery Codes"
        size="lg"
        footer={
          <Button colorPalette="brand" onClick={onClose}>
            I Have Saved Them
          </Button>
        }
      >
        <RecoveryCodes codes={codes} />
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Set Up Two-Step Verification"
      size="lg"
      description="Each sign-in will ask for a code from an authenticator app on your phone."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={confirm.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="mfa-enroll"
            colorPalette="brand"
            loading={confirm.isPending}
            loadingText="Verifying..."
            disabled={!enrollment}
          >
            Turn On
          </Button>
        </>
      }
    >
      <form id="mfa-enroll" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text textStyle="sm">
            1. Scan this QR code with Google Authenticator, Microsoft Authenticator, 1Password or another authenticator app.
          </Text>
          <Flex gap="4" align="center" wrap="wrap">
            {qr ? (
              <Image src={qr} alt="QR code for your authenticator app" boxSize="192px" rounded="md" borderWidth="1px" />
            ) : (
              <Skeleton boxSize="192px" rounded="md" />
            )}
            <Box flex="1" minW="200px">
              <Text textStyle="xs" color="fg.muted">
                Cannot scan? Type this key instead:
              </Text>
              {enrollment ? (
                <Code data-testid="totp-secret" fontSize="sm" wordBreak="break-all" mt="1">
                  {enrollment.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Code>
              ) : start.isError ? (
                <Text textStyle="sm" color="fg.error">
                  {errorDetail(start.error, 'Failed to start setting up two-step verification')}
                </Text>
              ) : (
                <Skeleton h="5" mt="1" />
              )}
            </Box>
          </Flex>
          <Field.Root invalid={Boolean(problem)}>
            <Field.Label>2. Enter the 6-digit code the app shows</Field.Label>
            <Input
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              fontFamily="mono"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setProblem(null);
              }}
            />
            {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </form>
    </Modal>
  );
}

function FactorRow({ factor, last }: { factor: MfaFactor; last: boolean }) {
  const remove = useRemoveFactor();
  const [confirming, setConfirming] = useState(false);
  return (
    <Flex justify="space-between" align="center" gap="3" py="2">
      <HStack gap="3">
        <Smartphone size={16} />
        <Box>
          <Text textStyle="sm" fontWeight="medium">
            {factor.friendly_name || 'Authenticator app'}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Added {formatDate(factor.created_at)}
          </Text>
        </Box>
      </HStack>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        <Trash2 size={12} /> Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Remove Authenticator"
        destructive
        confirmLabel="Remove"
        loading={remove.isPending}
        message={
          <Text>
            {last
              ? 'Two-step verification will be turned off: signing in will need your password only, and deals that require two-step verification will be closed to you.'
              : 'Codes from this authenticator will no longer be accepted.'}
          </Text>
        }
        onConfirm={() => remove.mutate({ factorId: factor.id, last }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Flex>
  );
}

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
          <HStack gap="2">
            <Badge colorPalette="gray">Off</Badge>
            <Text textStyle="sm" fontWeight="medium">
              Two-step verification is off
            </Text>
          </HStack>
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
      <HStack gap="2">
        <Badge colorPalette="green">On</Badge>
        <Text textStyle="sm" fontWeight="medium">
          Two-step verification is on
        </Text>
      </HStack>
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
