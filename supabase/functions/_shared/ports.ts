/** What the API needs from the platform it runs on (DESIGN.md decision 2). */

export interface AccountRecord {
  id: string;
  email: string;
}

export interface SessionResult {
  user: AccountRecord;
  access_token: string;
}

export interface TokenClaims {
  sub: string;
  email: string;
  role: string;
  aud?: string | string[];
  exp?: number;
}

export interface AuthPort {
  /** Creates an account; undefined when the e-mail is already registered. */
  register(email: string, password: string): Promise<SessionResult | undefined>;
  /** Undefined for an unknown e-mail and a wrong password alike. */
  signInWithPassword(email: string, password: string): Promise<SessionResult | undefined>;
  /** Sends a single-use sign-in link to `email`; the link lands on `redirectTo?token=…`. */
  sendMagicLink(email: string, redirectTo: string): Promise<void>;
  /** Signs in with a link's token, creating the account if new; undefined when invalid, expired or used. */
  verifyMagicLink(token: string): Promise<SessionResult | undefined>;
  /** Claims of a valid access token; undefined when missing, expired or forged. */
  verifyToken(token: string): Promise<TokenClaims | undefined>;
}

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
