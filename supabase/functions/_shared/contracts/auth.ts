/** Sessions and two-step verification as the API answers them (docs/decisions.md decisions 21, 22). */

export interface MfaFactor {
  id: string;
  friendly_name: string | null;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  created_at: string;
}

/** GET /auth/mfa/factors: the verified authenticators, this session's level, recovery codes unspent. */
export interface MfaStatus {
  factors: MfaFactor[];
  session_aal: 'aal1' | 'aal2';
  recovery_codes_left: number;
}

/** POST /auth/mfa/enroll. */
export interface TotpEnrollment {
  id: string;
  /** Base32 secret, for typing into an app by hand. */
  secret: string;
  /** otpauth:// URI, shown as a QR code. */
  uri: string;
}

/** One row of GET /auth/sessions ("signed in on … from …"). */
export interface AccountSession {
  id: string;
  created_at: string;
  last_active_at: string;
  user_agent: string | null;
  ip: string | null;
  aal: 'aal1' | 'aal2' | null;
  is_current: boolean;
}

/** The message of POST /auth/register when the address must be confirmed before anyone signs in (202). */
export const CONFIRMATION_SENT = 'Check your email: open the link we sent to confirm your address and sign in.';

/** POST /auth/login with the right password for an address not confirmed yet (401). */
export const EMAIL_NOT_CONFIRMED = 'Confirm your email address first: open the link we sent you.';

/** POST /auth/register, 202: no session yet (on Supabase with e-mail confirmations on). */
export interface ConfirmationSent {
  confirmation_sent: true;
  message: string;
}
