// What Settings still reads of sign-in (its helper is moving these into settings/ and lib/api/mfa-status.ts).
export * from './mfa';
