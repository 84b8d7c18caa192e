import { requestMagicLink } from '../../../lib/api/magic-link';
import { useApiMutation } from '../../../lib/mutation';

/** Mails a fresh link to the signed-in person's address; opening it confirms the address. */
export function useResendConfirmation() {
  return useApiMutation({
    mutationFn: requestMagicLink,
    successMessage: 'A new link is on its way. Open it to confirm your address.',
    errorMessage: 'Failed to send the link',
  });
}
