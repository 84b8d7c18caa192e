import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../test/utils';
import { RouteErrorPage } from './error-boundary';

function Crash(): never {
  throw new Error('render crash');
}

describe('error boundary', () => {
  it('shows the general error screen when a page crashes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => undefined, { signedIn: false });
    renderRoutes([{ path: '/', element: <Crash />, errorElement: <RouteErrorPage /> }], '/');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Refresh Page/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go to Dashboard/ })).toBeInTheDocument();
  });
});
