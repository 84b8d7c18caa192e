import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api';
import { jsonResponse, renderRoutes, testUser } from '../../test/utils';
import InvitationPage from './InvitationPage';

function showInvitation(invitation: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/user/profile') return jsonResponse({ ...testUser, email_confirmed: true });
      if (path === '/api/invitations/my-invitations') return jsonResponse([{ invitation_id: 'i1', ...invitation }]);
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/invitations/:invitationId', element: <InvitationPage /> }], '/invitations/i1');
}

describe('InvitationPage', () => {
  it('names a system permission set as every other screen does', async () => {
    showInvitation({
      deal_name: 'Project Fjord',
      permission_set_name: 'upload_view',
      is_expired: false,
      expires_at: '2099-01-01T00:00:00Z',
    });
    const card = await screen.findByTestId('invitation-card');
    expect(card).toHaveTextContent('Upload + View');
    expect(card).not.toHaveTextContent('upload_view');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('offers neither answer on an expired invitation', async () => {
    showInvitation({ deal_name: 'Project Fjord', permission_set_name: 'approve_only', is_expired: true });
    const card = await screen.findByTestId('invitation-card');
    expect(card).toHaveTextContent('This invitation has expired. Ask for a new one.');
    expect(card).toHaveTextContent('Approve');
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });
});
