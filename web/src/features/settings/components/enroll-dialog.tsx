import { Box, Button, Code, Field, Flex, Image, Input, Skeleton, Text } from '@chakra-ui/react';
import type { TotpEnrollment } from '@contracts/auth';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { Modal } from '../../../components/modal';
import { errorDetail } from '../../../lib/api/client';
import { useConfirmEnrollment } from '../api/confirm-enrollment';
import { useStartEnrollment } from '../api/start-enrollment';
import { RecoveryCodes } from './recovery-codes';

/** Scan (or type) the secret, then prove it with a first code; the recovery codes follow. */
export function EnrollDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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

  const submit = () => {
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
    <FormDialog
      open={open}
      onClose={onClose}
      title="Set Up Two-Step Verification"
      size="lg"
      description="Each sign-in will ask for a code from an authenticator app on your phone."
      busy={confirm.isPending}
      preventClose={false}
      formId="mfa-enroll"
      onSubmit={submit}
      submitLabel="Turn On"
      busyLabel="Verifying..."
      submitDisabled={!enrollment}
    >
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
    </FormDialog>
  );
}
