import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api';
import { jsonResponse, renderPage, testUser } from '../../test/utils';
import { PREFERENCES_KEY } from './preferences';
import { SettingsPage } from './SettingsPage';

describe('SettingsPage', () => {
  it('edits and saves the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
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
      vi.fn(async (_input: string, init?: RequestInit) =>
        init?.method === 'PUT' ? jsonResponse({ detail: 'Title is too long' }, 400) : jsonResponse(testUser),
      ),
    );
    renderPage(<SettingsPage />, '/settings');
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('keeps notification preferences on the client, all on by default', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(testUser)));
    renderPage(<SettingsPage />, '/settings');
    const toggle = await screen.findByRole('checkbox', { name: 'File uploads' });
    for (const name of ['Email notifications', 'File uploads', 'Checklist updates', 'User invitations']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
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
