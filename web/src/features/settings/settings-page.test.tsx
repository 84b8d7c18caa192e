import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { isChecked, jsonResponse, renderPage, stubFetch, testUser } from '../../test/utils';
import { PREFERENCES_KEY } from './preferences';
import { SettingsPage } from './settings-page';

/** What the page's other cards read: no authenticator yet, this one session. */
const SECURITY: Record<string, unknown> = {
  'GET /api/auth/mfa/factors': { factors: [], session_aal: 'aal1', recovery_codes_left: 0 },
  'GET /api/auth/sessions': {
    sessions: [
      {
        id: 's1',
        created_at: '2026-11-20T10:00:00Z',
        last_active_at: '2026-11-20T10:00:00Z',
        user_agent: 'Mozilla/5.0 (Macintosh) Firefox/130.0',
        ip: '127.0.0.1',
        aal: 'aal1',
        is_current: true,
      },
    ],
  },
};

/** The profile and the security cards; saving the profile answers `onPut` of the body sent. */
function fakeApi(onPut: (body: any) => unknown = () => undefined) {
  return stubFetch(({ key, body }) => (key === 'PUT /api/user/profile' ? onPut(body) : SECURITY[key]));
}

describe('SettingsPage', () => {
  it('edits and saves the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const puts: unknown[] = [];
    fakeApi((body) => {
      puts.push(body);
      return { ...testUser, ...body };
    });
    renderPage(<SettingsPage />, '/settings');
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member Since')).toBeInTheDocument();
    expect(screen.getByTestId('app-version')).toHaveTextContent('1.0.0');

    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getByDisplayValue('jane@example.com')).toHaveAttribute('readonly');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Managing Partner' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(puts[0]).toEqual({ first_name: 'Jane', last_name: 'Doe', title: 'Managing Partner', preferred_color: '#14B8A6' });
    expect(await screen.findByText('Managing Partner')).toBeInTheDocument();
  });

  it("says 'Failed to update profile' on error", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    fakeApi(() => jsonResponse({ detail: 'Title is too long' }, 400));
    renderPage(<SettingsPage />, '/settings');
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('keeps notification preferences on the client, all on by default', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    fakeApi();
    renderPage(<SettingsPage />, '/settings');
    const toggle = await screen.findByRole('checkbox', { name: 'File uploads' });
    for (const name of ['Email notifications', 'File uploads', 'Checklist updates', 'User invitations']) {
      expect(isChecked(screen.getByRole('checkbox', { name }))).toBe(true);
    }
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toEqual({
        email: true,
        fileUploads: false,
        checklistUpdates: true,
        userInvitations: true,
      }),
    );
  });
});
