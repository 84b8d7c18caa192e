/**
 * Where every page of the app is registered. A later feature adds its page in exactly one place:
 *
 * - a page inside a deal (a tab of the deal layout)      → `dealRoutes`
 * - a page of the admin portal (super admins only)        → `adminRoutes`
 * - any other signed-in page with the main header          → `signedInRoutes`
 *
 * Pages are lazy so the initial JavaScript stays small: declare them with `lazyPage(() => import(...))`,
 * which a link's hover or focus may preload (lib/lazy-page.ts).
 * Paths are relative: `dealRoutes` to /deals/:dealId, `adminRoutes` to /admin.
 */
import { useParams, type RouteObject } from 'react-router';
import { isUuid } from '../lib/file-urls';
import { lazyPage } from '../lib/lazy-page';
import { prefetchListingFor } from '../features/dataroom/prefetch';
import { NotFoundPage } from '../features/errors';

const DealListPage = lazyPage(() => import('../features/deals/deal-list-page'));
const InvitationPage = lazyPage(() => import('../features/deals/invitation-page'));
const DealDashboardPage = lazyPage(() => import('./pages/deal-dashboard-page'));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'));
const DataRoomPage = lazyPage(() => import('./pages/data-room-page'));
const FileDetailPage = lazyPage(() => import('./pages/file-detail-page'));
const FileViewerPage = lazyPage(() => import('./pages/file-viewer-page'));
const UsersPage = lazyPage(() => import('../features/people/users-page'));
const PermissionSetsPage = lazyPage(() => import('../features/people/permission-sets-page'));
const ChecklistPage = lazyPage(() => import('./pages/checklist-page'));
const ChecklistItemPage = lazyPage(() => import('./pages/checklist-item-page'));
const ActivityPage = lazyPage(() => import('../features/activity/activity-page'));
const SearchPage = lazyPage(() => import('../features/search/search-page'));
const ReviewQueuePage = lazyPage(() => import('../features/review/review-queue-page'));
const AnalyticsPage = lazyPage(() => import('./pages/analytics-page'));
const QnaPage = lazyPage(() => import('../features/qna/qna-page'));
const QuestionPage = lazyPage(() => import('../features/qna/question-page'));
const AdminLayout = lazyPage(() => import('../features/admin/admin-layout'));
const AdminDashboardPage = lazyPage(() => import('../features/admin/admin-dashboard-page'));
const CatalogItemsPage = lazyPage(() => import('../features/admin/catalog-items-page'));
const PresetsPage = lazyPage(() => import('../features/admin/presets-page'));
const SuperAdminsPage = lazyPage(() => import('../features/admin/super-admins-page'));
const AdminUsersPage = lazyPage(() => import('../features/admin/users-page'));
const SystemPermissionSetsPage = lazyPage(() => import('../features/admin/permission-sets-page'));
const AuditLogsPage = lazyPage(() => import('../features/admin/audit-logs-page'));

/**
 * /deals/:dealId/files/:segment is a file's page when the segment is a file id (a UUID), and otherwise a
 * top-level folder of the path-based data-room route 'files/*'.
 */
function FileOrFolderPage() {
  const { fileId } = useParams();
  return isUuid(fileId) ? <FileDetailPage /> : <DataRoomPage mode="path" />;
}

/** /deals/:dealId/files/:fileId/view is a file's in-app viewer, and otherwise a folder named 'view' (see folderUrl). */
function FileViewerOrFolderPage() {
  const { fileId } = useParams();
  return isUuid(fileId) ? <FileViewerPage /> : <DataRoomPage mode="path" />;
}

// Opening the app on a data-room URL requests the folder listing right away (see prefetch.ts).
if (typeof window !== 'undefined') prefetchListingFor(window.location.pathname);

/** Signed-in pages under the main header (AppLayout). */
export const signedInRoutes: RouteObject[] = [
  { index: true, element: <DealListPage /> },
  { path: 'settings', element: <SettingsPage /> },
  // Where an invitation e-mail's link lands.
  { path: 'invitations/:invitationId', element: <InvitationPage /> },
];

/**
 * Tabs of a deal, under the deal layout (/deals/:dealId). Any path not listed shows the 404 page inside
 * the deal layout.
 */
export const dealRoutes: RouteObject[] = [
  { index: true, element: <DealDashboardPage /> },
  // Data room (docs/product.md §2): one file browser behind every route; files/:fileId is the file page.
  { path: 'files', element: <DataRoomPage mode="root" /> },
  { path: 'data-room', element: <DataRoomPage mode="root" /> },
  { path: 'folders/:folderId', element: <DataRoomPage mode="folder" /> },
  { path: 'data-room/folder/:folderId', element: <DataRoomPage mode="folder" /> },
  { path: 'data-room/path/*', element: <DataRoomPage mode="path" /> },
  { path: 'files/:fileId', element: <FileOrFolderPage /> },
  // The in-app viewer (?version=n&page=n): the document read inside the deal.
  { path: 'files/:fileId/view', element: <FileViewerOrFolderPage /> },
  { path: 'files/*', element: <DataRoomPage mode="path" /> },
  // People (docs/product.md §2): Users & Permissions and Permission Sets.
  { path: 'users', element: <UsersPage /> },
  { path: 'permissions', element: <PermissionSetsPage /> },
  // Checklist (docs/product.md §2): the checklist and one item's page.
  { path: 'checklist', element: <ChecklistPage /> },
  { path: 'checklist/items/:itemId', element: <ChecklistItemPage /> },
  // Review queue (docs/product.md §2): what awaits a decision.
  { path: 'review', element: <ReviewQueuePage /> },
  // Q&A (docs/decisions.md decision 49): the questions and one question's page.
  { path: 'qna', element: <QnaPage /> },
  { path: 'qna/:questionId', element: <QuestionPage /> },
  // Activity (docs/product.md §2): the deal's feed.
  { path: 'activity', element: <ActivityPage /> },
  // Who read what (docs/decisions.md decision 46): deal admins and manage_users; Access Denied otherwise.
  { path: 'analytics', element: <AnalyticsPage /> },
  // Search inside documents (issue 35): words inside the deal's documents; `/` opens it.
  { path: 'search', element: <SearchPage /> },
];

/**
 * The admin portal (/admin, /admin/*), behind the super-admin guard: one path-less layout route (navigation,
 * Back to App, Logout) with the pages as its children. A path not listed shows the 404 page inside the layout.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'catalog', element: <CatalogItemsPage /> },
      { path: 'presets', element: <PresetsPage /> },
      { path: 'super-admins', element: <SuperAdminsPage /> },
      { path: 'users', element: <AdminUsersPage /> },
      { path: 'permission-sets', element: <SystemPermissionSetsPage /> },
      { path: 'audit', element: <AuditLogsPage /> },
      { path: '*', element: <NotFoundPage embedded /> },
    ],
  },
];
