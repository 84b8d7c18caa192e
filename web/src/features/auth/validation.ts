/** Client-side rules of the login screen (docs/product.md §5). */

export const MIN_PASSWORD_LENGTH = 6;

export const MESSAGES = {
  loginRequired: 'Please enter your email and password',
  registerRequired: 'Please fill in all fields',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  emailRequired: 'Please enter your email address',
} as const;

export function validateLogin(values: { email: string; password: string }): string | null {
  if (!values.email.trim() || !values.password) return MESSAGES.loginRequired;
  return null;
}

/** The hint mentions uppercase, lowercase and a number, but those are deliberately not checked. */
export function validateRegister(values: { email: string; password: string; confirmPassword: string }): string | null {
  if (!values.email.trim() || !values.password || !values.confirmPassword) return MESSAGES.registerRequired;
  if (values.password !== values.confirmPassword) return MESSAGES.passwordsDiffer;
  if (values.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
