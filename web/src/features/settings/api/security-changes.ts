/**
 * Server state of Settings → Two-Step Verification and Sessions: one hook per operation, each owning its
 * toasts and the queries it makes stale (web/src/lib/mutation.ts).
 */
import { useQuery } from '@tanstack/react-query';
import {
  endSession,
  fetchSessions,
  mfaKeys,
  newRecoveryCodes,
  removeFactor,
  signOutOthers,
  startEnrollment,
  verifyCode,
} from '../../auth';
import { setToken } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';
import { changePassword, signOutEverywhere } from '.';

export const useAccountSessions = () =>
  useQuery({ queryKey: mfaKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal), select: (answer) => answer.sessions });

export const useStartEnrollment = () =>
  useApiMutation({ mutationFn: startEnrollment, errorMessage: 'Failed to start setting up two-step verification' });

/** The first code from the new authenticator: the session is now verified, so its new tokens replace the old. */
export function useConfirmEnrollment() {
  const { updateUser } = useSession();
  return useApiMutation({
    // The new tokens are stored before anything refetches: the old ones no longer open anything
    // (an enrolled account's unverified session reaches only the code step).
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const answer = await verifyCode(factorId, code);
      setToken(answer.access_token, answer.refresh_token);
      return answer;
    },
    invalidates: [mfaKeys.factors, mfaKeys.sessions],
    successMessage: 'Two-step verification is on',
    errorMessage: 'The code was not accepted',
    onSuccess: (answer) => updateUser(answer.user),
  });
}

export function useRemoveFactor() {
  const { updateUser, user } = useSession();
  return useApiMutation({
    mutationFn: ({ factorId }: { factorId: string; last: boolean }) => removeFactor(factorId),
    invalidates: [mfaKeys.factors],
    successMessage: (_answer, { last }) => (last ? 'Two-step verification is off' : 'Authenticator removed'),
    errorMessage: 'Failed to remove the authenticator',
    onSuccess: (_answer, { last }) => {
      if (last && user) updateUser({ ...user, mfa_enabled: false });
    },
  });
}

export const useNewRecoveryCodes = () =>
  useApiMutation({
    mutationFn: () => newRecoveryCodes(),
    invalidates: [mfaKeys.factors],
    errorMessage: 'Failed to make new recovery codes',
  });

export const useEndSession = () =>
  useApiMutation({
    mutationFn: (sessionId: string) => endSession(sessionId),
    invalidates: [mfaKeys.sessions],
    successMessage: 'Session signed out',
    errorMessage: 'Failed to sign out that session',
  });

export const useSignOutOthers = () =>
  useApiMutation({
    mutationFn: () => signOutOthers(),
    invalidates: [mfaKeys.sessions],
    successMessage: 'Every other session was signed out',
    errorMessage: 'Failed to sign out the other sessions',
  });

/** Change Password: the server ends every other session and answers with this session's new tokens. */
export function useChangePassword(onDone: () => void) {
  const { updateUser } = useSession();
  return useApiMutation({
    mutationFn: changePassword,
    successMessage: (answer) => answer.message,
    errorMessage: 'Failed to change password',
    onSuccess: (answer) => {
      // The answer's profile now says the account has a password (it may have had none).
      setToken(answer.access_token, answer.refresh_token);
      if (answer.user) updateUser(answer.user);
      onDone();
    },
  });
}

/** Sign out everywhere, this browser included. */
export function useSignOutEverywhere(onDone: () => void) {
  const { signOut } = useSession();
  return useApiMutation<unknown, void>({
    mutationFn: () => signOutEverywhere(),
    successMessage: 'Logged out successfully',
    errorMessage: 'Failed to sign out everywhere',
    onSuccess: () => {
      signOut();
      onDone();
    },
  });
}
