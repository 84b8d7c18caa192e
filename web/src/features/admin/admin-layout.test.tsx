import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/router';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes } from '../../test/utils';
import { fakeAdminApi, type Call } from './test/fake-admin-api';

// The pages are lazy: their modules are compiled here, once, rather than inside a test's wait for its
// first render (with the machine busy, that outlasted any sensible wait).
beforeAll(async () => {
  await Promise.all([
    import('./admin-layout'),
    import('./admin-dashboard-page'),
    import('./catalog-items-page'),
    import('./presets-page'),
    import('./super-admins-page'),
    import('./users-page'),
    import('./permission-sets-page'),
    import('./audit-logs-page'),
  ]);
}, 600_000);
const NAV = [
  ['Dashboard', '/admin'],
  ['Super Admins', '/admin/super-admins'],
  ['Users', '/admin/users'],
  ['Catalog Items', '/admin/catalog'],
  ['Checklist Presets', '/admin/presets'],
  ['Permission Sets', '/admin/permission-sets'],
  ['Audit Logs', '/admin/audit'],
];

function counts() {
  return {
    'GET /admin/catalog': ({ query }: Call) =>
      jsonResponse({ items: [], total_count: query.get('active_only') === 'true' ? 150 : 155 }),
    'GET /admin/presets': { presets: [], total_count: 5 },
  };
}

describe('Admin layout and dashboard', () => {
  it('navigates to every admin page, links Back to App and shows the dashboard counts', async () => {
    const calls = fakeAdminApi(counts());
    renderRoutes(createRoutes(), '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();

    const nav = screen.getAllByRole('navigation', { name: 'Admin sections' })[0];
    for (const [label, href] of NAV) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: /Back to App/ })[0]).toHaveAttribute('href', '/');

    await waitFor(() => expect(screen.getByTestId('stat-catalog_items')).toHaveTextContent('155'));
    expect(screen.getByTestId('stat-catalog_items')).toHaveTextContent('150 active');
    expect(screen.getByTestId('stat-presets')).toHaveTextContent('5');
    // Lists whose endpoints do not exist yet are shown as unavailable, without an error toast.
    expect(screen.getByTestId('stat-users')).toHaveTextContent('Unavailable');
    expect(screen.queryByText('Failed to load dashboard stats')).not.toBeInTheDocument();
    const catalogCount = calls.find((c) => c.path === '/admin/catalog' && !c.query.get('active_only'));
    expect(catalogCount?.query.get('page_size')).toBe('1');

    expect(screen.getByRole('link', { name: /Manage Catalog Items/ })).toHaveAttribute('href', '/admin/catalog');
    expect(screen.getByRole('link', { name: /Manage Checklist Presets/ })).toHaveAttribute('href', '/admin/presets');
  });

  it("says 'Failed to load dashboard stats' when a list fails", async () => {
    fakeAdminApi({ ...counts(), 'GET /admin/presets': () => jsonResponse({ detail: 'Boom' }, 500) });
    renderRoutes(createRoutes(), '/admin');
    expect(await screen.findByText('Failed to load dashboard stats')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-catalog_items')).toHaveTextContent('155'));
  });

  it('shows the 404 page inside the layout for an unknown admin path, keeping the navigation', async () => {
    fakeAdminApi();
    renderRoutes(createRoutes(), '/admin/nowhere');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Admin sections' })[0]).toBeInTheDocument();
  });

  it('opens the permission sets page from the navigation, marked as the current page', async () => {
    fakeAdminApi({ ...counts(), 'GET /admin/permission-sets': { permission_sets: [], total_count: 0 } });
    renderRoutes(createRoutes(), '/admin/permission-sets');
    expect(await screen.findByRole('heading', { name: 'System Permission Sets' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin sections' })[0];
    expect(within(nav).getByRole('link', { name: 'Permission Sets' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the catalog and presets pages from the navigation', async () => {
    fakeAdminApi({
      ...counts(),
      'GET /admin/catalog': { items: [], total_count: 0 },
    });
    const { router } = renderRoutes(createRoutes(), '/admin');
    const nav = (await screen.findAllByRole('navigation', { name: 'Admin sections' }))[0];
    fireEvent.click(within(nav).getByRole('link', { name: 'Catalog Items' }));
    expect(await screen.findByRole('heading', { name: 'Catalog Items' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/catalog');
    fireEvent.click(within(nav).getByRole('link', { name: 'Checklist Presets' }));
    expect(await screen.findByRole('heading', { name: 'Checklist Presets' })).toBeInTheDocument();
  });

  it('logs out to /login', async () => {
    fakeAdminApi(counts());
    const { router } = renderRoutes(createRoutes(), '/admin');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
