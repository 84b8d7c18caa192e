import * as OTPAuth from 'otpauth';

/** Authenticator apps' defaults (RFC 6238): 6 digits, 30 s, SHA-1; one step either side for clock drift. */
export const TOTP_PERIOD = 30;
const TOTP_ISSUER = 'Data room';
/** Authenticator factors one account may hold. */
export const MAX_FACTORS = 10;

/** The TOTP of one factor's secret, labelled with the account's address in authenticator apps. */
export function totpOf(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}
