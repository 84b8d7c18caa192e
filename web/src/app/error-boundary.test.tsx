import { act, screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../test/utils';
import { RouteErrorBoundary } from './error-boundary';

function Crash(): never {
  throw new Error('render crash');
}

/** As the app's root route holds its pages: the boundary reset by the path. */
function Layout() {
  return (
    <RouteErrorBoundary resetKey={useLocation().pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

describe('error boundary', () => {
  it('shows the general error screen when a page crashes, and the next page once the user moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => undefined, { signedIn: false });
    const { router } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/', element: <Crash /> },
            { path: '/fine', element: <p>A page that works</p> },
          ],
        },
      ],
      '/',
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Refresh Page/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go to Dashboard/ })).toBeInTheDocument();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('A page that works')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
