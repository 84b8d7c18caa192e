import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFRESH_KEY, TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderPage, stubFetch, testUser } from '../../test/utils';
import { describeUserAgent, SessionsBody } from './components/sessions-list';
import { TwoStepVerificationBody } from './components/two-step-verification';

const CODES = [
  'aaaaa-bbbbb',
  'ccccc-ddddd',
  'eeeee-fffff',
  'ggggg-hhhhh',
  'jjjjj-kkkkk',
  'mmmmm-nnnnn',
  'ppppp-qqqqq',
  'rrrrr-sssss',
  'ttttt-uuuuu',
  'vvvvv-wwwww',
];

describe('Two-step verification settings', () => {
  it('sets it up: the key to scan or type, a first code, then the recovery codes, once', async () => {
    localStorage.setItem(TOKEN_KEY, 'aal1');
    const posts: { url: string; body: unknown }[] = [];
    let enrolled = false;
    stubFetch(({ key, url, body }) => {
      if (key.startsWith('POST ')) posts.push({ url: url.pathname, body });
      if (key === 'POST /api/auth/mfa/enroll') {
        return jsonResponse(
          {
            id: 'f9',
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/Data%20room:jane?secret=JBSWY3DPEHPK3PXP',
          },
          201,
        );
      }
      if (key === 'POST /api/auth/mfa/verify') {
        if (body.code !== '654321') return jsonResponse({ detail: 'That code is not right, or it was already used.' }, 400);
        enrolled = true;
        return {
          access_token: 'aal2',
          refresh_token: 'r2',
          user: { ...testUser, mfa_enabled: true, session_aal: 'aal2' },
          recovery_codes: CODES,
        };
      }
      if (key === 'GET /api/auth/mfa/factors') {
        return {
          factors: enrolled
            ? [
                {
                  id: 'f9',
                  friendly_name: 'Authenticator app',
                  factor_type: 'totp',
                  status: 'verified',
                  created_at: '2026-11-25T10:00:00Z',
                },
              ]
            : [],
          session_aal: enrolled ? 'aal2' : 'aal1',
          recovery_codes_left: enrolled ? 10 : 0,
        };
      }
      return testUser;
    });
    renderPage(<TwoStepVerificationBody />, '/settings');
    expect(await screen.findByText('Two-step verification is off')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Set Up Two-Step Verification/ }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(posts[0]).toEqual({ url: '/api/auth/mfa/enroll', body: { friendly_name: 'Authenticator app' } });

    fireEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    fireEvent.change(screen.getByLabelText(/Enter the 6-digit code the app shows/), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right, or it was already used.');

    fireEvent.change(screen.getByLabelText(/Enter the 6-digit code the app shows/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByText(/^[a-z]{5}-[a-z]{5}$/)).toHaveLength(10);
    expect(posts.at(-1)).toEqual({ url: '/api/auth/mfa/verify', body: { factor_id: 'f9', code: '654321' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('aal2');
    expect(localStorage.getItem(REFRESH_KEY)).toBe('r2');

    fireEvent.click(screen.getByRole('button', { name: 'I Have Saved Them' }));
    expect(await screen.findByText('10 recovery codes left. New codes replace the old ones.')).toBeInTheDocument();
    expect(screen.getByText('Authenticator app')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument());
  });
});

describe('Sessions settings', () => {
  it('names each device, marks this one, and signs another out after confirming', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const deletes: string[] = [];
    let sessions = [
      {
        id: 's1',
        created_at: '2026-11-20T10:00:00Z',
        last_active_at: '2026-11-25T10:00:00Z',
        user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/130.0',
        ip: '127.0.0.1',
        aal: 'aal1',
        is_current: true,
      },
      {
        id: 's2',
        created_at: '2026-11-21T10:00:00Z',
        last_active_at: '2026-11-24T10:00:00Z',
        user_agent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
        ip: '198.51.100.7',
        aal: 'aal1',
        is_current: false,
      },
    ];
    stubFetch(({ key, url }) => {
      if (key.startsWith('DELETE ')) {
        deletes.push(url.pathname);
        sessions = sessions.filter((s) => !url.pathname.endsWith(s.id));
        return { message: 'Session signed out' };
      }
      if (key === 'GET /api/auth/sessions') return { sessions };
      return testUser;
    });
    renderPage(<SessionsBody />, '/settings');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Firefox on macOS')).toBeInTheDocument();
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Sign Out/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/from 198\.51\.100\.7/)).toBeInTheDocument();

    fireEvent.click(within(rows[1]).getByRole('button', { name: /Sign Out/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Chrome on Windows will need to sign in again.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(deletes).toEqual(['/api/auth/sessions/s2']));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Sign Out Other Sessions/ })).toBeDisabled();
  });

  it('describes user agents people recognise', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge on Windows');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox on Linux');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
