import { requestMagicLink } from '../../../lib/api/magic-link';
import { useApiMutation } from '../../../lib/mutation';

/** "Email me a sign-in link": the form says it was sent, or why not, inline. */
export function useRequestMagicLink(onSent: (message: string) => void, onError: (error: unknown) => void) {
  return useApiMutation({
    mutationFn: requestMagicLink,
    errorMessage: null,
    onSuccess: (answer) => onSent(answer?.message || 'A sign-in link was sent to your email address.'),
    onError,
  });
}
