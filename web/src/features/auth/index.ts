// What other features may use of sign-in.
export { requestMagicLink } from './api';
export * from './mfa';
