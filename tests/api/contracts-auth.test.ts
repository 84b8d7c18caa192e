import { describe, it } from 'vitest';
import {
  accountSessions,
  message,
  mfaStatus,
  profile,
  sessionAnswer,
  totpEnrollment,
} from '../../supabase/functions/_shared/contracts/auth.ts';
import { call, registerUser } from './helpers.ts';
import { expectAnswer, PASSWORD } from './expect.ts';

// The answers of sign-in, sessions, two-step verification and the profile parsed with their contracts.
describe('auth answers match their contracts', () => {
  it('sign-in, refresh, profile, sessions, authenticators, sign-out', async () => {
    const user = await registerUser('ca');
    const login = expectAnswer(
      await call('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } }),
      200,
      sessionAnswer,
    );
    const t = { token: login.access_token };
    expectAnswer(await call('POST', '/auth/refresh', { body: { refresh_token: login.refresh_token } }), 200, sessionAnswer);
    expectAnswer(await call('GET', '/user/profile', t), 200, profile);
    expectAnswer(await call('PUT', '/user/profile', { ...t, body: { title: 'Partner' } }), 200, profile);
    expectAnswer(await call('GET', '/auth/sessions', t), 200, accountSessions);
    expectAnswer(await call('GET', '/auth/mfa/factors', t), 200, mfaStatus);
    expectAnswer(await call('POST', '/auth/mfa/enroll', { ...t, body: {} }), 201, totpEnrollment);
    expectAnswer(await call('POST', '/auth/magic-link', { body: { email: user.email } }), 200, message);
    expectAnswer(await call('POST', '/auth/logout', { ...t, body: { scope: 'local' } }), 200, message);
  });
});
