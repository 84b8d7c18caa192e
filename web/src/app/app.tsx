import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchViewerSourceFor } from '../features/viewer';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createRoutes } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}

/** The app's router; a navigation to the viewer asks for the document as it starts (issue 34). */
export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  let shown = router.state.location.pathname;
  prefetchViewerSourceFor(shown, router.state.location.search);
  router.subscribe(({ location }) => {
    // Only a new screen: the viewer itself replaces its URL's ?page= as the reader scrolls.
    if (location.pathname === shown) return;
    shown = location.pathname;
    prefetchViewerSourceFor(location.pathname, location.search);
  });
  return router;
}
