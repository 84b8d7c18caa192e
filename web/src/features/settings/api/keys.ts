/** Query keys of Settings; the account's sessions and MFA status use `mfaKeys` of lib/api/mfa-status.ts. */
export const PROFILE_KEY = ['profile'] as const;
