import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browser, TOKEN_KEY } from '../lib/api/client';
import { jsonResponse, renderRoutes, stubApi, testUser, type RouteHandler } from '../test/utils';
import { createRoutes } from './router';

/** A fake API: answers by path, 404 for anything unknown (the profile too). */
const fakeApi = (routes: Record<string, RouteHandler | unknown>) => stubApi(routes, { signedIn: false }).fetchMock;

// The pages are lazy: their modules are compiled here, once, rather than inside a test's wait for its
// first render (with the machine busy, compiling the dashboard's outlasted a 20 s wait).
beforeAll(async () => {
  await Promise.all([
    import('../features/auth/login-page'),
    import('../features/deals/invitation-page'),
    import('./pages/deal-layout-page'),
    import('../features/deals/deal-list-page'),
    import('./pages/deal-dashboard-page'),
    import('../features/settings/settings-page'),
    import('../features/admin/admin-layout'),
    import('../features/admin/admin-dashboard-page'),
  ]);
}, 600_000);

const deal = {
  id: 'd1',
  name: 'Project Atlas',
  description: 'Share purchase',
  owner_id: 'u1',
  user_role: 'admin',
  is_owner: true,
  permission_set: 'admin',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  archived_at: null,
};

const stats = {
  files_uploaded: 3,
  files_pending_review: 0,
  files_processing: 0,
  files_queued: 0,
  files_approved: 1,
  team_members: 4,
  recent_activity_count: 2,
  overall_progress: { completed: 1, total: 4 },
  checklist_progress: { Corporate: { completed: 1, total: 4 } },
  recent_activities: [],
  recent_files: [],
};

function signIn(user = testUser) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return { 'GET /api/user/profile': user };
}

describe('routes and guards', () => {
  it('sends an unauthenticated user on a protected route to /login', async () => {
    fakeApi({});
    const { router } = renderRoutes(createRoutes(), '/settings');
    expect(await screen.findByText('Secure M&A Data Room Platform')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears a token the server no longer accepts', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    const redirect = vi.spyOn(browser, 'redirectToLogin').mockImplementation(() => {});
    fakeApi({ 'GET /api/user/profile': () => jsonResponse({ detail: 'Invalid token' }, 401) });
    const { router } = renderRoutes(createRoutes(), '/');
    expect(await screen.findByText('Secure M&A Data Room Platform')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the 404 page for an unknown path', async () => {
    fakeApi({});
    renderRoutes(createRoutes(), '/no/such/page');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go Back/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go to Dashboard/ })).toBeInTheDocument();
  });

  it('shows Access Denied to a signed-in user who is not a super admin on admin routes', async () => {
    fakeApi(signIn());
    renderRoutes(createRoutes(), '/admin/users');
    expect(await screen.findByText("You don't have permission to access this area")).toBeInTheDocument();
    expect(screen.getByText(/contact your organization's super administrator/)).toBeInTheDocument();
  });

  it('lets a super admin through the admin guard', async () => {
    fakeApi(signIn({ ...testUser, is_super_admin: true }));
    renderRoutes(createRoutes(), '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText("You don't have permission to access this area")).not.toBeInTheDocument();
  });

  it('redirects a signed-in user away from /login', async () => {
    fakeApi({ ...signIn(), 'GET /api/deals': [], 'GET /api/invitations/my-invitations': [] });
    const { router } = renderRoutes(createRoutes(), '/login');
    expect(await screen.findByText('No deals yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('an invitation link opened signed out (docs/decisions.md decision 33)', () => {
  const invitationId = '6f1f7b52-3c1a-4d3e-9a57-0d2f4b8c9e11';
  const link = `/invitations/${invitationId}?email=inv%40example.com&token=tok-of-the-mail-123`;
  const invitee = { ...testUser, id: 'u9', email: 'inv@example.com', email_confirmed: true };
  const invitation = {
    invitation_id: invitationId,
    deal_id: 'd1',
    deal_name: 'Project Fjord',
    permission_set_name: 'upload_view',
    is_expired: false,
    expires_at: '2099-01-01T00:00:00Z',
  };

  /** Fills the form of `tab` and submits it; answers the sign-in and records what it was sent. */
  async function submitFrom(tab: 'Login' | 'Register') {
    const sent: unknown[] = [];
    const answer = (_url: URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse({ access_token: 'tok', refresh_token: 'ref', token_type: 'bearer', user: invitee });
    };
    fakeApi({
      'POST /api/auth/register': answer,
      'POST /api/auth/login': answer,
      'GET /api/invitations/my-invitations': [invitation],
      'GET /api/deals': [],
    });
    const { router } = renderRoutes(createRoutes(), link);
    expect(await screen.findByText('Sign in or register with inv@example.com to answer your invitation.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    if (tab === 'Register') fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const form = await screen.findByRole('form', { name: tab });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret1' } });
    if (tab === 'Register') fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(within(form).getByRole('button', { name: tab }));
    return { router, sent };
  }

  it.each(['Register', 'Login'] as const)(
    '%s sends the link id and token, then lands on the invitation with Accept and Decline',
    async (tab) => {
      const { router, sent } = await submitFrom(tab);
      const card = await screen.findByTestId('invitation-card');
      expect(card).toHaveTextContent("You're invited to Project Fjord");
      expect(within(card).getByRole('button', { name: 'Accept' })).toBeEnabled();
      expect(within(card).getByRole('button', { name: 'Decline' })).toBeEnabled();
      expect(router.state.location.pathname).toBe(`/invitations/${invitationId}`);
      expect(sent).toEqual([
        { email: 'inv@example.com', password: 'secret1', invitation: { id: invitationId, token: 'tok-of-the-mail-123' } },
      ]);
    },
  );

  it('signs a confirmed person in from a stale link (a newer mail replaced it) and still lands on the invitation', async () => {
    const sent: { invitation?: unknown }[] = [];
    fakeApi({
      'POST /api/auth/login': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { invitation?: unknown };
        sent.push(body);
        return body.invitation
          ? jsonResponse({ detail: 'This invitation link cannot be used', code: 'invitation_link_invalid' }, 400)
          : jsonResponse({ access_token: 'tok', refresh_token: 'ref', token_type: 'bearer', user: invitee });
      },
      'GET /api/invitations/my-invitations': [invitation],
      'GET /api/deals': [],
    });
    const { router } = renderRoutes(createRoutes(), link);
    const form = await screen.findByRole('form', { name: 'Login' });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('invitation-card')).toHaveTextContent("You're invited to Project Fjord");
    expect(router.state.location.pathname).toBe(`/invitations/${invitationId}`);
    expect(sent.map((body) => Boolean(body.invitation))).toEqual([true, false]);
  });
});

describe('signed-in screens', () => {
  it('greets the user, links Settings, hides Admin Portal from non-super-admins', async () => {
    fakeApi({ ...signIn(), 'GET /api/deals': [], 'GET /api/invitations/my-invitations': [] });
    renderRoutes(createRoutes(), '/');
    const welcome = await screen.findByTestId('welcome');
    expect(welcome).toHaveTextContent('Welcome, Jane Doe');
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('link', { name: /Admin Portal/ })).not.toBeInTheDocument();
    expect(await screen.findByText('0 deal(s) available')).toBeInTheDocument();
  });

  it('lists deals with counts, progress colours and links', async () => {
    fakeApi({
      ...signIn({ ...testUser, is_super_admin: true }),
      'GET /api/invitations/my-invitations': () => jsonResponse({ detail: 'Not found' }, 404),
      'GET /api/deals': [
        {
          id: 'd1',
          name: 'Project Atlas',
          description: 'Share purchase',
          user_role: 'admin',
          user_count: 3,
          created_at: '2026-01-01T00:00:00Z',
          checklist_progress: { A: { completed: 2, total: 2 }, B: { completed: 1, total: 8 } },
          recent_activity: [
            {
              activity_type: 'upload',
              description: 'Uploaded SPA.pdf',
              created_at: '2026-01-01T00:00:00Z',
              user_first_name: 'Tom',
              user_last_name: '',
              user_email: 't@x.io',
            },
            { activity_type: 'upload', description: 'Second line', created_at: '2026-01-01T00:00:00Z' },
            { activity_type: 'upload', description: 'Third line', created_at: '2026-01-01T00:00:00Z' },
          ],
          recent_files: [],
        },
        {
          id: 'd2',
          name: 'Project Borealis',
          description: '',
          user_role: 'viewer',
          user_count: 1,
          created_at: '2026-01-01T00:00:00Z',
          checklist_progress: {},
          recent_activity: [],
          recent_files: [],
        },
      ],
    });
    renderRoutes(createRoutes(), '/');
    expect(await screen.findByText('2 deal(s) available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Admin Portal/ })).toHaveAttribute('href', '/admin');
    const [atlas, borealis] = screen.getAllByTestId('deal-card');
    expect(within(atlas).getByText('3/10 items · 30%')).toBeInTheDocument();
    expect(within(atlas).getByText('1/2 sections')).toBeInTheDocument();
    expect(atlas.querySelector('[data-color]')).toHaveAttribute('data-color', 'yellow');
    expect(borealis.querySelector('[data-color]')).toHaveAttribute('data-color', 'gray');
    expect(within(atlas).getByText('Uploaded SPA.pdf')).toBeInTheDocument();
    expect(within(atlas).queryByText('Third line')).not.toBeInTheDocument();
    expect(within(atlas).getByRole('link', { name: /Open Dashboard/ })).toHaveAttribute('href', '/deals/d1');
    expect(within(atlas).getByRole('link', { name: /Data Room/ })).toHaveAttribute('href', '/deals/d1/files');
    expect(screen.queryByTestId('invitations-banner')).not.toBeInTheDocument();
  });

  it('shows the deal-list error text of docs/product.md §8', async () => {
    fakeApi({
      ...signIn(),
      'GET /api/deals': () => jsonResponse({ detail: 'boom' }, 500),
      'GET /api/invitations/my-invitations': [],
    });
    renderRoutes(createRoutes(), '/');
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
  });

  it('shows a deal the user cannot see as not found', async () => {
    fakeApi({
      ...signIn(),
      'GET /api/deals/zzz': () => jsonResponse({ detail: "Deal not found or you don't have access to it." }, 404),
    });
    renderRoutes(createRoutes(), '/deals/zzz');
    expect(await screen.findByText("Deal not found or you don't have access to it.")).toBeInTheDocument();
  });

  it('renders the deal dashboard with admin actions, the six tabs and, for an admin, Analytics; then Search', async () => {
    fakeApi({
      ...signIn(),
      'GET /api/deals/d1': deal,
      'GET /api/deals/d1/dashboard/stats': stats,
      'GET /api/deals/d1/files/pending-review': { pending_files: [], total_count: 0 },
    });
    renderRoutes(createRoutes(), '/deals/d1');
    // The header, the stats and the review panel come from three queries that answer in any order.
    expect(await screen.findByText('No Files Awaiting AI Review')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Deal' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Archive Deal' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manage Users & Permissions' })).toHaveAttribute('href', '/deals/d1/users');
    const nav = await screen.findByRole('navigation', { name: 'Deal sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Data Room', 'Checklist', 'Review Queue', 'Q&A', 'Activity', 'Users', 'Analytics', 'Search']);
  });

  it('hides admin actions from a viewer', async () => {
    fakeApi({
      ...signIn(),
      'GET /api/deals/d1': { ...deal, user_role: 'viewer', is_owner: false },
      'GET /api/deals/d1/dashboard/stats': stats,
      'GET /api/deals/d1/files/pending-review': { pending_files: [], total_count: 0 },
    });
    renderRoutes(createRoutes(), '/deals/d1');
    expect(await screen.findByText('No Files Awaiting AI Review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Deal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Users & Permissions' })).not.toBeInTheDocument();
    // Who read what is for deal admins and holders of manage_users (docs/decisions.md decision 46).
    expect(
      within(screen.getByRole('navigation', { name: 'Deal sections' })).queryByRole('link', { name: 'Analytics' }),
    ).toBeNull();
  });

  it('shows the 404 page inside the deal for a tab that does not exist yet', async () => {
    fakeApi({ ...signIn(), 'GET /api/deals/d1': deal });
    renderRoutes(createRoutes(), '/deals/d1/no-such-tab');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Deal sections' })).toBeInTheDocument();
  });
});
