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

/**
 * POST /auth/magic-link/verify: a password was set on the account before its address was proved, by
 * someone who did not show it is theirs; it was removed and every other session ended (decision 30).
 */
export const PASSWORD_CLEARED =
  'A password had been set on this account before your email address was confirmed, so we removed it and signed out every other session. Set your own password now.';

/** A registration's confirmation link opened without the registering session (401, not spent). */
export const REGISTRANT_PROOF_REQUIRED =
  'This link confirms a registration. Enter the password chosen when registering to confirm it. If you did not register, ignore this link.';

/** The same, with a password that is not the registration's (400, not spent). */
export const REGISTRANT_PASSWORD_WRONG =
  'That is not the password chosen when registering. If you did not register with this address, ignore this link and use "Email me a sign-in link" instead.';

/** Any request of an account whose unproved password has not been cleared yet (403 `password_unproved`). */
export const PASSWORD_UNPROVED =
  'A password was set on this account before its email address was confirmed. To protect it, sign in with a link: "Email me a sign-in link" on the sign-in page. The old password will be removed and you can set your own.';

/**
 * Any request but sign-out of an account without an e-mail address (a phone or anonymous sign-up on
 * a Supabase project): 403 `email_required` (docs/decisions.md decision 31).
 */
export const EMAIL_REQUIRED =
  'This account has no email address. Deal rooms are for identified professionals: sign in with an account that has an email address to create or join a deal.';
