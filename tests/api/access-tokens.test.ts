// The embedded platform's access tokens: what a second use of the same token is spared (its signature
// checked again) and what it is not (its expiry, the secret that signed it, a single changed byte).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../supabase/functions/_shared/tokens.ts';

const SECRET = 'access-token-secret-long-enough-for-hs256-tests';
const user = { id: '3f6f1d2a-1c1b-4c55-9a43-1a2b3c4d5e6f', email: 'tokens@example.com' };
const session = { sessionId: '8d0c5a4e-7b1f-4f2a-9e3d-5c6b7a8d9e0f', aal: 'aal1' as const };

afterEach(() => vi.useRealTimers());

describe('verifyAccessToken, a token used again', () => {
  it('is accepted again with the same claims, which no caller can change', async () => {
    const token = await issueAccessToken(SECRET, user, 600, session);
    const first = await verifyAccessToken(SECRET, token);
    expect(first).toMatchObject({ sub: user.id, session_id: session.sessionId, aal: 'aal1' });
    const again = await verifyAccessToken(SECRET, token);
    expect(again).toEqual(first);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('is refused once it has expired, though it was accepted before', async () => {
    const token = await issueAccessToken(SECRET, user, 60, session);
    expect(await verifyAccessToken(SECRET, token)).toBeDefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyAccessToken(SECRET, token)).toBeUndefined();
  });

  it('is refused under another secret, and with one byte of its signature changed', async () => {
    const token = await issueAccessToken(SECRET, user, 600, session);
    expect(await verifyAccessToken(SECRET, token)).toBeDefined();
    expect(await verifyAccessToken(`${SECRET}-rotated`, token)).toBeUndefined();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await verifyAccessToken(SECRET, token.slice(0, -1) + last)).toBeUndefined();
  });
});
