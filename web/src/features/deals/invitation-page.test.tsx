import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubApi, testUser } from '../../test/utils';
import InvitationPage from './invitation-page';

function showInvitation(invitation: object) {
  stubApi(
    {
      'GET /api/user/profile': { ...testUser, email_confirmed: true },
      'GET /api/invitations/my-invitations': [{ invitation_id: 'i1', ...invitation }],
    },
    { signedIn: false },
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

  it('confirms an unconfirmed address with the link it was opened from, then offers the invitation (decision 33)', async () => {
    let confirmed = false;
    const invitation = { invitation_id: 'i1', deal_name: 'Project Fjord', is_expired: false, expires_at: '2099-01-01T00:00:00Z' };
    const calls = stubApi(
      {
        'GET /api/user/profile': () => jsonResponse({ ...testUser, email_confirmed: confirmed }),
        'POST /api/auth/invitation/confirm': () => {
          confirmed = true;
          return jsonResponse({ user: { ...testUser, email_confirmed: true } });
        },
        'GET /api/invitations/my-invitations': () => jsonResponse(confirmed ? [invitation] : []),
      },
      { signedIn: false },
    );
    localStorage.setItem(TOKEN_KEY, 'tok');
    renderRoutes(
      [{ path: '/invitations/:invitationId', element: <InvitationPage /> }],
      '/invitations/i1?email=jane%40example.com&token=tok-of-the-mail-123',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    const card = await screen.findByTestId('invitation-card');
    expect(card).toHaveTextContent("You're invited to Project Fjord");
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(calls.filter((c) => c.key === 'POST /api/auth/invitation/confirm').map((c) => c.body)).toEqual([
      { invitation: { id: 'i1', token: 'tok-of-the-mail-123' } },
    ]);
  });

  it('without a link token, still asks to open the confirmation mail', async () => {
    stubApi(
      { 'GET /api/user/profile': { ...testUser, email_confirmed: false }, 'GET /api/invitations/my-invitations': [] },
      { signedIn: false },
    );
    localStorage.setItem(TOKEN_KEY, 'tok');
    renderRoutes([{ path: '/invitations/:invitationId', element: <InvitationPage /> }], '/invitations/i1');
    expect(
      await screen.findByText('Open the confirmation link we sent to jane@example.com, then come back to this invitation.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my address' })).toBeNull();
  });
});
