/** Fixtures and a fake API for the people tests (not used by the app). */
import { CAPABILITIES } from '@contracts/capabilities';
import { jsonResponse, stubFetch, testUser } from '../../test/utils';
import type { EnhancedUser, Group, Invitation, PermissionSet, Tag } from './types';

export const DEAL_ID = '11111111-1111-4111-8111-111111111111';

const caps = (...on: string[]) =>
  Object.fromEntries(
    ['view', 'download', 'comment', 'approve', 'upload', 'edit_files', 'edit_folders', 'edit_checklist', 'manage_users'].map(
      (cap) => [cap, on.includes(cap)],
    ),
  );

export const SETS: PermissionSet[] = [
  {
    id: 'set-uo',
    name: 'upload_only',
    description: 'Upload only',
    type: 'system',
    capabilities: caps('upload'),
    user_count: 0,
    group_count: 0,
  },
  {
    id: 'set-uv',
    name: 'upload_view',
    description: 'Upload and view',
    type: 'system',
    capabilities: caps('view', 'download', 'comment', 'upload'),
    user_count: 1,
    group_count: 0,
  },
  {
    id: 'set-edit',
    name: 'edit',
    description: 'Edit',
    type: 'system',
    capabilities: caps('view', 'download', 'comment', 'approve', 'upload', 'edit_files', 'edit_folders', 'edit_checklist'),
    user_count: 0,
    group_count: 1,
  },
  {
    id: 'set-fin',
    name: 'Financial reviewers',
    description: 'Finance',
    type: 'custom',
    capabilities: caps('view', 'download'),
    user_count: 2,
    group_count: 1,
  },
];

export const GROUPS: Group[] = [
  {
    id: 'g-legal',
    name: 'Legal counsel',
    description: 'Lawyers',
    permission_set_id: 'set-edit',
    permission_set_name: 'edit',
    color: '#EC4899',
    member_count: 3,
  },
  {
    id: 'g-fin',
    name: 'Financial advisors',
    description: '',
    permission_set_id: null,
    permission_set_name: null,
    color: '#6366F1',
    member_count: 0,
  },
];

export const TAGS: Tag[] = [
  { id: 't-ext', name: 'External', color: '#10B981', member_count: 2 },
  { id: 't-key', name: 'Key contact', color: '#EF4444', member_count: 1 },
];

export function member(over: Partial<EnhancedUser> & { user_id: string; email: string }): EnhancedUser {
  return {
    first_name: null,
    last_name: null,
    company: null,
    status: 'active',
    role: 'member',
    display_role: 'viewer',
    is_owner: false,
    last_active_at: null,
    permission_set_id: 'set-uv',
    permission_set_name: 'upload_view',
    permission_set: 'upload_view',
    groups: [],
    tags: [],
    effective_permissions: caps('view', 'download', 'comment', 'upload'),
    ...over,
  };
}

export const OWNER = member({
  user_id: 'u-owner',
  email: 'owner@example.com',
  first_name: 'Olivia',
  last_name: 'Owner',
  role: 'admin',
  display_role: 'admin',
  is_owner: true,
  permission_set_id: null,
  permission_set_name: null,
  permission_set: 'admin',
  effective_permissions: caps(...CAPABILITIES),
});

export const ANN = member({
  user_id: 'u-ann',
  email: 'ann@buyer.com',
  first_name: 'Ann',
  last_name: 'Lee',
  company: 'Buyer LLP',
  groups: [{ id: 'g-legal', name: 'Legal counsel', color: '#EC4899' }],
  tags: [{ id: 't-ext', name: 'External', color: '#10B981' }],
});

export const BOB = member({ user_id: 'u-bob', email: 'bob@advisor.com', first_name: 'Bob', last_name: 'Stone' });

export const INVITATIONS: Invitation[] = [];

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (body: unknown, query: URLSearchParams) => Response;

/** Stubs fetch with the people API; `overrides` keyed 'METHOD /path' (path without /api). */
export function fakePeopleApi({
  users = [OWNER, ANN, BOB],
  total,
  canManage = true,
  canManageAdmins = canManage,
  invitations = INVITATIONS,
  overrides = {},
}: {
  users?: EnhancedUser[];
  total?: number;
  canManage?: boolean;
  canManageAdmins?: boolean;
  invitations?: Invitation[];
  overrides?: Record<string, Handler>;
} = {}) {
  const calls: Call[] = [];
  const d = `/deals/${DEAL_ID}`;
  stubFetch(
    ({ url, body }, init) => {
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      calls.push({ method, path, query: url.searchParams, body });
      const key = `${method} ${path}`;
      if (overrides[key]) return overrides[key](body, url.searchParams);
      if (key === 'GET /user/profile') return jsonResponse(testUser);
      if (key === `GET ${d}/users-enhanced`) {
        const size = Number(url.searchParams.get('page_size') ?? 50);
        return jsonResponse({
          users: users.slice(0, size),
          total_count: total ?? users.length,
          can_manage: canManage,
          can_manage_admins: canManageAdmins,
        });
      }
      if (key === `GET ${d}/permissions/sets`) return jsonResponse(SETS);
      if (key === `GET ${d}/permissions/groups`) return jsonResponse(GROUPS);
      if (key === `GET ${d}/permissions/tags`) return jsonResponse(TAGS);
      if (key === `GET ${d}/invitations`) return jsonResponse(invitations);
      if (key === `GET ${d}/companies`) return jsonResponse({ companies: ['Buyer LLP', 'KPMG'] });
      if (method === 'PUT' && path.startsWith(`${d}/users/`)) return jsonResponse({ ok: true });
      if (method === 'DELETE' && path.startsWith(`${d}/`)) return jsonResponse({ deleted: true });
      if (key === `POST ${d}/users/bulk-update`) {
        const ids = (body as { user_ids: string[] }).user_ids;
        return jsonResponse({ success_count: ids.length, failed_count: 0 });
      }
      if (key === `POST ${d}/invitations`) return jsonResponse({ id: 'inv-new', email: 'x' }, 201);
      if (key === `POST ${d}/invitations/bulk`)
        return jsonResponse({ created_count: (body as { emails: string[] }).emails.length, skipped: [] }, 201);
      if (method === 'POST' && path.endsWith('/resend')) return jsonResponse({ resent: true });
      if (key === `POST ${d}/permissions/sets`) return jsonResponse({ id: 'set-new', ...(body as object) }, 201);
      if (method === 'PUT' && path.startsWith(`${d}/permissions/`)) return jsonResponse({ ok: true });
      if (method === 'POST' && path.startsWith(`${d}/permissions/`)) return jsonResponse({ id: 'new' }, 201);
      if (key === `POST ${d}/invite`) return jsonResponse({ id: 'inv', email: 'x' }, 201);
      return jsonResponse({ detail: `Not found: ${key}` }, 404);
    },
    { signedIn: false },
  );
  return calls;
}

export const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
