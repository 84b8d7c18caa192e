/**
 * Where every page of the app is registered. A later feature adds its page in exactly one place:
 *
 * - a page inside a deal (a tab of the deal layout)      → `dealRoutes`
 * - a page of the admin portal (super admins only)        → `adminRoutes`
 * - any other signed-in page with the main header          → `signedInRoutes`
 *
 * Pages are lazy so the initial JavaScript stays small: declare them with `lazy(() => import(...))`.
 * Paths are relative: `dealRoutes` to /deals/:dealId, `adminRoutes` to /admin.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DealListPage = lazy(() => import('../features/deals/DealListPage'));
const DealDashboardPage = lazy(() => import('../features/deals/DealDashboardPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));

/** Signed-in pages under the main header (AppLayout). */
export const signedInRoutes: RouteObject[] = [
  { index: true, element: <DealListPage /> },
  { path: 'settings', element: <SettingsPage /> },
];

/**
 * Tabs of a deal, under the deal layout (/deals/:dealId). Any path not listed shows the 404 page inside
 * the deal layout. Still to come, each with its feature:
 *   data room   'files', 'data-room', 'data-room/folder/:folderId', 'data-room/path/*', 'folders/:folderId', 'files/*'
 *   file detail 'files/:fileId'
 *   checklist   'checklist', 'checklist/items/:itemId'
 *   review      'review'
 *   activity    'activity'
 *   people      'users', 'permissions'
 */
export const dealRoutes: RouteObject[] = [{ index: true, element: <DealDashboardPage /> }];

/**
 * The admin portal (/admin, /admin/*), behind the super-admin guard. The admin-portal issue adds its
 * layout as one path-less route here with the pages as its children; until then every admin path shows the 404 page.
 */
export const adminRoutes: RouteObject[] = [];
