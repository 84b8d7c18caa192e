import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { FullPageSpinner } from '../components/spinners';
import { AccessDeniedPage, BadRequestPage, NotFoundPage, ServerErrorPage } from '../features/errors';
import { lazyPage } from '../lib/lazy-page';
import { RouteErrorBoundary } from './error-boundary';
import { GuestOnly, RequireAuth, RequireSuperAdmin } from './guards';
import { adminRoutes, dealRoutes, signedInRoutes } from './routes';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const MagicLinkPage = lazyPage(() => import('../features/auth/magic-link-page'));
const MfaVerifyPage = lazyPage(() => import('../features/auth/mfa-verify-page'));
const DealLayout = lazyPage(() => import('./pages/deal-layout-page'));

/** True when the routes (or a path-less layout among them) already answer the parent's own path. */
function hasIndexRoute(routes: RouteObject[]): boolean {
  return routes.some((route) => route.index || (!route.path && route.children && hasIndexRoute(route.children)));
}

/** Children of a guarded area; any path the area does not (yet) know shows the 404 page. */
function withNotFound(routes: RouteObject[], notFound: ReactNode): RouteObject[] {
  return [...routes, ...(hasIndexRoute(routes) ? [] : [{ index: true, element: notFound }]), { path: '*', element: notFound }];
}

function Root() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The full route table (docs/product.md §2). */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        // No login guard.
        {
          path: 'login',
          element: (
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          ),
        },
        { path: 'login/magic', element: <MagicLinkPage /> },
        { path: 'login/verify', element: <MfaVerifyPage /> },
        { path: 'access-denied', element: <AccessDeniedPage /> },
        { path: 'bad-request', element: <BadRequestPage /> },
        { path: 'server-error', element: <ServerErrorPage /> },
        // Login guard.
        {
          element: <RequireAuth />,
          children: [
            { element: <AppLayout />, children: signedInRoutes },
            {
              path: 'deals/:dealId',
              element: <DealLayout />,
              children: withNotFound(dealRoutes, <NotFoundPage embedded />),
            },
            // Admin guard.
            {
              path: 'admin',
              element: <RequireSuperAdmin />,
              children: withNotFound(adminRoutes, <NotFoundPage />),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
