import { Alert, Button } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../../lib/session';
import { useResendConfirmation } from '../api/resend-confirmation';

/** Until the address is confirmed, invitations sent to it stay hidden: say so, and offer a new link. */
export function ConfirmEmailNotice() {
  const { user } = useAtomValue(sessionAtom);
  const resend = useResendConfirmation();
  if (!user || user.email_confirmed !== false) return null;
  return (
    <Alert.Root status="info" borderRadius="lg" data-testid="confirm-email-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Confirm your email address</Alert.Title>
        <Alert.Description>
          We sent a link to {user.email}. Open it to confirm the address: invitations sent to it appear once it is confirmed.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" loading={resend.isPending} onClick={() => resend.mutate(user.email)}>
        Send the link again
      </Button>
    </Alert.Root>
  );
}
