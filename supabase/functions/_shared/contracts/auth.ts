/** Sign-in, sessions, two-step verification and the profile: requests and answers (docs/decisions.md decisions 21, 22). */
import { z } from 'zod';

export const mfaFactor = z
  .object({
    id: z.string(),
    friendly_name: z.string().nullable(),
    factor_type: z.literal('totp'),
    status: z.enum(['unverified', 'verified']),
    created_at: z.string(),
  })
  .strict();
export type MfaFactor = z.infer<typeof mfaFactor>;

const aal = z.enum(['aal1', 'aal2']);

/** GET /auth/mfa/factors: the verified authenticators, this session's level, recovery codes unspent. */
export const mfaStatus = z.object({ factors: z.array(mfaFactor), session_aal: aal, recovery_codes_left: z.number() }).strict();
export type MfaStatus = z.infer<typeof mfaStatus>;

/** POST /auth/mfa/enroll. */
export const totpEnrollment = z
  .object({
    id: z.string(),
    /** Base32 secret, for typing into an app by hand. */
    secret: z.string(),
    /** otpauth:// URI, shown as a QR code. */
    uri: z.string(),
  })
  .strict();
export type TotpEnrollment = z.infer<typeof totpEnrollment>;

/** One row of GET /auth/sessions ("signed in on … from …"). */
export const accountSession = z
  .object({
    id: z.string(),
    created_at: z.string(),
    last_active_at: z.string(),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    aal: aal.nullable(),
    is_current: z.boolean(),
  })
  .strict();
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessions = z.object({ sessions: z.array(accountSession) }).strict();

/** GET and PUT /user/profile; `user` of a session answer. */
export const profile = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    title: z.string(),
    preferred_color: z.string(),
    created_at: z.string(),
    is_super_admin: z.boolean(),
    email_confirmed: z.boolean(),
    mfa_enabled: z.boolean(),
    has_password: z.boolean(),
    session_aal: aal,
  })
  .strict();
export type Profile = z.infer<typeof profile>;

/** POST /auth/login, /auth/register (200), /auth/refresh, /auth/magic-link/verify. */
export const sessionAnswer = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number(),
    token_type: z.literal('bearer'),
    user: profile,
    mfa_required: z.boolean(),
  })
  .passthrough();
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** Answers that only say what happened (sign-out, sign-in link sent). */
export const message = z.object({ message: z.string() }).passthrough();

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

// Requests.

/** An e-mail address as typed: trimmed and lower-cased. */
export const emailSchema = z
  .string({ required_error: 'Please enter your email and password' })
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().max(254, 'Please enter a valid email address').email('Please enter a valid email address'));

/** What the web sends from the invitation page's address: `/invitations/{id}?token=…`. */
export const invitationLink = z.object(
  {
    id: z.string({ required_error: 'invitation.id is required' }).uuid('invitation.id must be an invitation id'),
    token: z.string({ required_error: 'invitation.token is required' }).min(10).max(200),
  },
  { invalid_type_error: 'invitation must be an object with id and token' },
);
export type InvitationLink = z.infer<typeof invitationLink>;

/** POST /auth/register and /auth/login. */
export const credentials = z.object({
  email: emailSchema,
  password: z.string({ required_error: 'Please enter your email and password' }).min(1, 'Please enter your email and password'),
  // Registering or signing in from an invitation link proves the address at once (decision 33).
  invitation: invitationLink.optional(),
});

export const invitationConfirmBody = z.object({ invitation: invitationLink });
export const refreshBody = z.object({ refresh_token: z.string({ required_error: 'refresh_token is required' }).min(1).max(200) });
export const logoutBody = z.object({
  scope: z.enum(['local', 'global', 'others'], { message: 'scope is local, others or global' }).default('local'),
});
export const magicLinkBody = z.object({ email: emailSchema });
export const magicLinkVerifyBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(200).optional(),
});
export const mfaEnrollBody = z
  .object({
    friendly_name: z.string().trim().max(60, 'The name is too long (60 characters at most)').optional(),
  })
  .strict();
export const mfaVerifyBody = z.object({
  factor_id: z.string().uuid('factor_id must be an authenticator id'),
  code: z
    .string({ required_error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const mfaRecoverBody = z.object({
  code: z
    .string({ required_error: 'Enter one of your recovery codes' })
    .trim()
    .min(1, 'Enter one of your recovery codes')
    .max(40),
});

export const profileUpdate = z
  .object({
    first_name: z.string().trim().max(100, 'First name is too long').optional(),
    last_name: z.string().trim().max(100, 'Last name is too long').optional(),
    title: z.string().trim().max(100, 'Title is too long').optional(),
    preferred_color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'Preferred colour must be a colour like #3B82F6')
      .optional(),
  })
  .strict();

export const passwordChange = z.object({
  // Not asked of an account without a usable password (made by a sign-in link, or cleared by one).
  current_password: z.string().optional(),
  new_password: z.string({ required_error: 'Please enter a new password' }).min(6, 'Password must be at least 6 characters'),
});
