import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
// The prefetches come from their api modules, not the features' index: through an index, Rollup kept the
// pages it also exports in the first chunk (+114 KB).
import { prefetchChecklistFor } from '../features/checklist/api/checklist';
import { prefetchDashboardFor } from '../features/deals/api/dashboard-stats';
import { prefetchViewerSourceFor } from '../features/viewer/api/viewer-source';
import { prefetchDealFor } from '../lib/api/deal';
import { preloadRoute, setPreloadRoutes } from '../lib/lazy-page';
import { createQueryClient } from '../lib/query';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { createRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}

/**
 * What a screen shows first, asked for as the navigation to it starts: its data while its code loads
 * (issues 33, 34). Its code too, but not as the app opens: the app's first chunks and its API calls share
 * the browser's six connections, and preloading a route's pages then made the session's first request
 * wait behind some 40 chunks (the deal dashboard painted ~500 ms later).
 */
function prefetchFor(queryClient: QueryClient, pathname: string, search: string): void {
  prefetchViewerSourceFor(pathname, search);
  prefetchDealFor(queryClient, pathname);
  prefetchDashboardFor(queryClient, pathname);
  prefetchChecklistFor(queryClient, pathname);
}

/** The app's router; a navigation to the viewer or the checklist asks for its data as it starts. */
export function createAppRouter(queryClient: QueryClient) {
  const routes = createRoutes();
  setPreloadRoutes(routes);
  const router = createBrowserRouter(routes);
  let shown = router.state.location.pathname;
  prefetchFor(queryClient, shown, router.state.location.search);
  router.subscribe(({ location }) => {
    // Only a new screen: the viewer itself replaces its URL's ?page= as the reader scrolls.
    if (location.pathname === shown) return;
    shown = location.pathname;
    // A later navigation's pages load as it starts, before React renders it: by then the first chunks
    // and the session's requests are done, so nothing waits behind them.
    preloadRoute(location.pathname);
    prefetchFor(queryClient, location.pathname, location.search);
  });
  return router;
}
