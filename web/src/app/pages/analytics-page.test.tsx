import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealAnalytics } from '@contracts/analytics';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import DealAnalyticsPage from './analytics-page';

const deal = (over: Record<string, unknown> = {}) => ({
  id: 'd1',
  name: 'Atlas',
  user_role: 'admin',
  capabilities: ['view', 'download', 'manage_users'],
  archived_at: null,
  ...over,
});

const ANALYTICS: DealAnalytics = {
  from: '2026-11-05T00:00:00.000Z',
  to: null,
  totals: { views: 5, viewers: 2, documents: 2, seconds: 3720 },
  documents: [
    {
      file_id: 'f1',
      name: 'SPA.pdf',
      path: '/Legal',
      views: 4,
      viewers: 2,
      seconds: 3600,
      last_viewed_at: '2026-12-03T10:00:00Z',
    },
    { file_id: 'f2', name: 'Teaser.pdf', path: '/', views: 1, viewers: 1, seconds: 120, last_viewed_at: '2026-12-02T10:00:00Z' },
  ],
  members: [
    {
      user_id: 'u2',
      name: 'Rita Reader',
      email: 'rita@example.com',
      documents: 2,
      views: 3,
      seconds: 2000,
      last_viewed_at: '2026-12-03T10:00:00Z',
    },
  ],
  folders: [
    { folder: '/Legal', views: 4, seconds: 3600 },
    { folder: '/', views: 1, seconds: 120 },
  ],
  unit: 'day',
  timeline: [
    { start: '2026-12-02', views: 1, seconds: 120 },
    { start: '2026-12-03', views: 4, seconds: 3600 },
  ],
};

function fakeApi(routes: { deal?: unknown; analytics?: (url: URL) => Response }) {
  return stubFetch(({ key, url }) => {
    if (key === 'GET /api/deals/d1') return routes.deal ?? deal();
    if (key === 'GET /api/deals/d1/analytics') return routes.analytics?.(url);
  });
}

function open(path = '/deals/d1/analytics') {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/deals/:dealId/analytics', element: <DealAnalyticsPage /> }], path);
}

describe('deal analytics page', () => {
  it('shows totals, the chart, the most-read documents, members and folders for the last 30 days', async () => {
    const seen = fakeApi({ analytics: () => jsonResponse(ANALYTICS) });
    open();
    expect(await screen.findByTestId('total-views')).toHaveTextContent('5');
    expect(screen.getByTestId('total-time-reading')).toHaveTextContent('1h 2m');
    expect(screen.getByRole('img', { name: /Views per day: 5 views in 2 days, most on 3 Dec \(4\)/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(2);
    const docs = within(screen.getByTestId('documents-table'));
    expect(docs.getByRole('link', { name: 'SPA.pdf' })).toHaveAttribute('href', '/deals/d1/files/f1');
    expect(within(screen.getByTestId('members-table')).getByText('Rita Reader')).toBeInTheDocument();
    expect(screen.getByTestId('folder-heat')).toHaveTextContent('/Legal4 views · 1h');
    expect(screen.getByTestId('folder-heat')).toHaveTextContent('Data Room (root)');
    const asked = seen.find(({ url }) => url.pathname === '/api/deals/d1/analytics')?.url;
    expect(asked?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked?.searchParams.has('to')).toBe(false);
  });

  it('asks again for another period: all time, then custom dates', async () => {
    const seen = fakeApi({ analytics: () => jsonResponse(ANALYTICS) });
    open();
    await screen.findByTestId('total-views');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(
        seen.some(
          ({ url }) => url.pathname.endsWith('/analytics') && !url.searchParams.has('from') && !url.searchParams.has('to'),
        ),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(
        seen.some(({ url }) => url.searchParams.get('from') === '2026-11-01' && url.searchParams.get('to') === '2026-11-30'),
      ).toBe(true),
    );
  });

  it('says "No views in this period." when nothing was read', async () => {
    const empty = {
      ...ANALYTICS,
      totals: { views: 0, viewers: 0, documents: 0, seconds: 0 },
      documents: [],
      members: [],
      folders: [],
      timeline: [],
    };
    fakeApi({ analytics: () => jsonResponse(empty) });
    open();
    expect(await screen.findByText('No views in this period.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('shows a failure with Try Again', async () => {
    fakeApi({ analytics: () => jsonResponse({ detail: 'from must be before to.' }, 400) });
    open('/deals/d1/analytics?period=custom&from=2026-12-02&to=2026-12-01');
    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
    expect(screen.getByText('from must be before to.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows Access Denied to a member without the right, and when the API refuses', async () => {
    const seen = fakeApi({ deal: deal({ user_role: 'viewer', capabilities: ['view', 'download'] }) });
    const first = open();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(seen.some(({ url }) => url.pathname.endsWith('/analytics'))).toBe(false);
    first.unmount();
    fakeApi({ analytics: () => jsonResponse({ detail: 'no' }, 403) });
    open();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  });

  it('lets a member holding manage_users in', async () => {
    fakeApi({
      deal: deal({ user_role: 'viewer', capabilities: ['view', 'manage_users'] }),
      analytics: () => jsonResponse(ANALYTICS),
    });
    open();
    expect(await screen.findByTestId('total-views')).toHaveTextContent('5');
  });
});
