import { api } from '../../../lib/api/client';
import type { User } from '../../../lib/session';

export interface VerifiedSession {
  access_token: string;
  refresh_token: string;
  user: User;
  /** Only when the first authenticator was just enrolled: shown once, never again. */
  recovery_codes?: string[];
}

export const verifyCode = (factorId: string, code: string) =>
  api.post<VerifiedSession>('/auth/mfa/verify', { factor_id: factorId, code });
