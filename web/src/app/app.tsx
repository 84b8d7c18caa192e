import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchViewerSourceFor } from '../features/viewer';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createRoutes } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}

/** The app's router; a navigation to the viewer asks for the document as it starts (issue 34). */
function createRouter() {
  const router = createBrowserRouter(createRoutes());
  let seen = router.state.location.key;
  prefetchViewerSourceFor(router.state.location.pathname, router.state.location.search);
  router.subscribe(({ location }) => {
    if (location.key === seen) return;
    seen = location.key;
    prefetchViewerSourceFor(location.pathname, location.search);
  });
  return router;
}
