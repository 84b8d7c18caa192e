/**
 * Query keys and page sizes of the admin portal (docs/product.md §7 Admin). Every key starts with 'admin', so
 * a change that invalidates `adminKeys.all` refreshes every admin list and the dashboard counts.
 */
/** Page size of the admin lists (docs/product.md §9). */
export const ADMIN_PAGE_SIZE = 20;
/** The preset picker loads up to this many active catalog items (docs/product.md §9). */
export const PICKER_PAGE_SIZE = 200;

/** The audit log's filters (docs/product.md §7 Admin). */
export interface AuditFilters {
  entity_type: string;
  days: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  catalog: () => ['admin', 'catalog'] as const,
  catalogList: (params: { search: string; category: string; page: number }) => ['admin', 'catalog', 'list', params] as const,
  catalogPicker: () => ['admin', 'catalog', 'picker'] as const,
  presets: () => ['admin', 'presets'] as const,
  presetList: (params: { search: string; page: number }) => ['admin', 'presets', 'list', params] as const,
  preset: (id: string) => ['admin', 'presets', 'detail', id] as const,
  stats: () => ['admin', 'stats'] as const,
  users: (search: string, page: number) => ['admin', 'users', { search, page }] as const,
  superAdmins: (page: number) => ['admin', 'super-admins', { page }] as const,
  eligible: (search: string) => ['admin', 'super-admins', 'eligible', { search }] as const,
  sets: (search: string, page: number) => ['admin', 'permission-sets', { search, page }] as const,
  usage: (id: string) => ['admin', 'permission-sets', 'usage', id] as const,
  audit: (filters: AuditFilters, page: number) => ['admin', 'audit', { ...filters, page }] as const,
};

export const catalogItemPath = (id: string) => `/admin/catalog/${encodeURIComponent(id)}`;
export const presetPath = (id: string) => `/admin/presets/${encodeURIComponent(id)}`;
export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
export const systemSetPath = (id: string) => `/admin/permission-sets/${encodeURIComponent(id)}`;
