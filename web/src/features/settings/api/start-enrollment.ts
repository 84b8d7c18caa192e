import type { TotpEnrollment } from '@contracts/auth';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';

export const startEnrollment = (friendlyName: string) =>
  api.post<TotpEnrollment>('/auth/mfa/enroll', { friendly_name: friendlyName });

export const useStartEnrollment = () =>
  useApiMutation({ mutationFn: startEnrollment, errorMessage: 'Failed to start setting up two-step verification' });
