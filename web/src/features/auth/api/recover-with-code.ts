import { api } from '../../../lib/api/client';
import type { VerifiedSession } from '../../../lib/api/mfa-status';

export const recoverWithCode = (code: string) =>
  api.post<VerifiedSession | { message: string; factors_removed: true }>('/auth/mfa/recover', { code });
