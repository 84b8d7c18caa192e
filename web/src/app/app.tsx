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
 * What a screen asks for first, asked for as the navigation to it starts: its data while its code loads,
 * and the code of every lazy page on its route at once (a deal's layout and the deal tab inside it), not
 * each after the one around it has rendered (issues 33, 34).
 */
function prefetchFor(queryClient: QueryClient, pathname: string, search: string): void {
  preloadRoute(pathname);
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
    prefetchFor(queryClient, location.pathname, location.search);
  });
  return router;
}
