import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { isChecked, jsonResponse, renderPage, testUser } from '../../test/utils';
import { PREFERENCES_KEY } from './preferences';
import { SettingsPage } from './settings-page';

/** What the page's other cards read: no authenticator yet, this one session. */
function securityAnswer(input: string): Response | undefined {
  if (input.includes('/auth/mfa/factors')) return jsonResponse({ factors: [], session_aal: 'aal1', recovery_codes_left: 0 });
  if (input.includes('/auth/sessions')) {
    return jsonResponse({
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
    });
  }
  return undefined;
}

describe('SettingsPage', () => {
  it('edits and saves the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const security = securityAnswer(input);
        if (security) return security;
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body));
          puts.push(body);
          return jsonResponse({ ...testUser, ...body });
        }
        return jsonResponse(testUser);
      }),
    );
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
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (input: string, init?: RequestInit) =>
          securityAnswer(input) ??
          (init?.method === 'PUT' ? jsonResponse({ detail: 'Title is too long' }, 400) : jsonResponse(testUser)),
      ),
    );
    renderPage(<SettingsPage />, '/settings');
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('keeps notification preferences on the client, all on by default', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => securityAnswer(input) ?? jsonResponse(testUser)),
    );
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
