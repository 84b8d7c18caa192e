import { useApiMutation } from '../../../lib/mutation';
import { requestMagicLink } from '../../auth';

/** Mails a fresh link to the signed-in person's address; opening it confirms the address. */
export function useResendConfirmation() {
  return useApiMutation({
    mutationFn: (email: string) => requestMagicLink(email),
    successMessage: 'A new link is on its way. Open it to confirm your address.',
    errorMessage: 'Failed to send the link',
  });
}
