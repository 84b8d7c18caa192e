import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createRoutes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
