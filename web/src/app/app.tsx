import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
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

/**
 * The app. Its router is React Router's declarative one: the data router (createBrowserRouter) adds
 * 16 KB compressed to every screen's first load for loaders and actions the app does not use; what it
 * gave, `errorElement` and a navigation's start, are a boundary in router.tsx and `PrefetchOnNavigation` (decision 66).
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [routes] = useState(() => {
    const table = createRoutes();
    setPreloadRoutes(table);
    return table;
  });
  const [onLocation] = useState(() => createNavigationPrefetch(queryClient, window.location));
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <PrefetchOnNavigation onLocation={onLocation} />
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  );
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Tells `onLocation` of each location as React starts rendering it: a navigation renders in a
 * transition while its lazy page loads, so this runs as it starts, before the page's code has arrived.
 */
function PrefetchOnNavigation({ onLocation }: { onLocation: (location: Where) => void }) {
  onLocation(useLocation());
  return null;
}

type Where = Pick<Location, 'pathname' | 'search'>;

/**
 * What a screen shows first, asked for as the navigation to it starts: its data while its code loads
 * (issues 33, 34). Its code too, but not as the app opens: the app's first chunks and its API calls share
 * the browser's six connections, and preloading a route's pages then made the session's first request
 * wait behind some 40 chunks (the deal dashboard painted ~500 ms later).
 */
function prefetchFor(queryClient: QueryClient, { pathname, search }: Where): void {
  prefetchViewerSourceFor(pathname, search);
  prefetchDealFor(queryClient, pathname);
  prefetchDashboardFor(queryClient, pathname);
  prefetchChecklistFor(queryClient, pathname);
}

/**
 * Asks for the opening screen's data now, and returns what asks for a later screen's as the navigation to
 * it starts (the viewer, the checklist, a deal and its dashboard). Safe to call with the same location
 * again (React may render it twice).
 */
export function createNavigationPrefetch(queryClient: QueryClient, opening: Where): (location: Where) => void {
  let shown = opening.pathname;
  prefetchFor(queryClient, opening);
  return (location) => {
    // Only a new screen: the viewer itself replaces its URL's ?page= as the reader scrolls.
    if (location.pathname === shown) return;
    shown = location.pathname;
    // A later navigation's pages load as it starts: by then the first chunks and the session's requests
    // are done, so nothing waits behind them.
    preloadRoute(location.pathname);
    prefetchFor(queryClient, location);
  };
}
