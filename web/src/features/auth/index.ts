// What other features may use of sign-in.
export { requestMagicLink, type InvitationLink } from './api';
export * from './mfa';
