import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import type { BulkOperation } from '../bulk';
import type {
  BulkInviteResult,
  BulkResult,
  DealUser,
  EnhancedUser,
  EnhancedUsersPage,
  Group,
  GroupInput,
  Invitation,
  InvitationInput,
  MemberUpdate,
  PermissionSet,
  PermissionSetInput,
  Tag,
  TagInput,
  UserFilters,
} from '../types';

/** Deal users list page size (docs/product.md §9). */
export const USERS_PAGE_SIZE = 50;

const deal = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;
const id = (value: string) => encodeURIComponent(value);

export const peopleKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'people'),
  users: (dealId: string, filters?: UserFilters) =>
    filters ? [...dealKeys.scoped(dealId, 'people', 'users'), filters] : dealKeys.scoped(dealId, 'people', 'users'),
  dealUsers: (dealId: string) => dealKeys.scoped(dealId, 'people', 'deal-users'),
  sets: (dealId: string) => dealKeys.scoped(dealId, 'people', 'sets'),
  groups: (dealId: string) => dealKeys.scoped(dealId, 'people', 'groups'),
  tags: (dealId: string) => dealKeys.scoped(dealId, 'people', 'tags'),
  invitations: (dealId: string) => dealKeys.scoped(dealId, 'people', 'invitations'),
  companies: (dealId: string) => dealKeys.scoped(dealId, 'people', 'companies'),
  access: (dealId: string) => dealKeys.scoped(dealId, 'people', 'access'),
};

// Members (docs/product.md §7).
export function fetchEnhancedUsers(dealId: string, filters: UserFilters, signal?: AbortSignal) {
  return api.get<EnhancedUsersPage>(`${deal(dealId)}/users-enhanced`, {
    signal,
    query: {
      page: filters.page,
      page_size: USERS_PAGE_SIZE,
      search: filters.search.trim() || undefined,
      status: filters.status || undefined,
      group_id: filters.group_id,
      tag_id: filters.tag_id,
    },
  });
}

/** Whether the caller holds manage_users, and how many members the deal has (the smallest members page). */
export async function fetchPeopleAccess(
  dealId: string,
  signal?: AbortSignal,
): Promise<{ can_manage: boolean; total_count: number }> {
  const page = await api.get<EnhancedUsersPage>(`${deal(dealId)}/users-enhanced`, {
    signal,
    query: { page: 1, page_size: 1 },
  });
  return { can_manage: Boolean(page.can_manage), total_count: page.total_count ?? 0 };
}

export const updateMember = (dealId: string, userId: string, body: MemberUpdate) =>
  api.put<EnhancedUser>(`${deal(dealId)}/users/${id(userId)}/enhanced`, body);

export const removeMember = (dealId: string, userId: string) =>
  api.delete<{ user_id: string; removed: boolean }>(`${deal(dealId)}/users/${id(userId)}`);

export const bulkUpdateMembers = (dealId: string, userIds: string[], operation: BulkOperation) =>
  api.post<BulkResult>(`${deal(dealId)}/users/bulk-update`, { user_ids: userIds, ...operation });

// Part 1's member list and its updates.
export async function fetchDealUsers(dealId: string, signal?: AbortSignal): Promise<DealUser[]> {
  const data = await api.get<DealUser[]>(`${deal(dealId)}/users`, { signal });
  return Array.isArray(data) ? data : [];
}

export const updateDealUser = (dealId: string, userId: string, body: { permission_set?: string; company?: string | null }) =>
  api.put<unknown>(`${deal(dealId)}/users/${id(userId)}`, body);

export const inviteToDeal = (dealId: string, body: { email: string; permission_set: string; company?: string }) =>
  api.post<{ id: string; email: string }>(`${deal(dealId)}/invite`, body);

export async function fetchCompanies(dealId: string, signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<{ companies?: string[] }>(`${deal(dealId)}/companies`, { signal });
  return data?.companies ?? [];
}

// Permission sets.
export const fetchPermissionSets = (dealId: string, signal?: AbortSignal) =>
  api.get<PermissionSet[]>(`${deal(dealId)}/permissions/sets`, { signal });
export const createPermissionSet = (dealId: string, body: PermissionSetInput) =>
  api.post<PermissionSet>(`${deal(dealId)}/permissions/sets`, body);
export const updatePermissionSet = (dealId: string, setId: string, body: PermissionSetInput) =>
  api.put<PermissionSet>(`${deal(dealId)}/permissions/sets/${id(setId)}`, body);
export const deletePermissionSet = (dealId: string, setId: string) =>
  api.delete<unknown>(`${deal(dealId)}/permissions/sets/${id(setId)}`);

// Groups and tags.
export const fetchGroups = (dealId: string, signal?: AbortSignal) =>
  api.get<Group[]>(`${deal(dealId)}/permissions/groups`, { signal });
export const createGroup = (dealId: string, body: GroupInput) => api.post<Group>(`${deal(dealId)}/permissions/groups`, body);
export const updateGroup = (dealId: string, groupId: string, body: GroupInput) =>
  api.put<Group>(`${deal(dealId)}/permissions/groups/${id(groupId)}`, body);
export const deleteGroup = (dealId: string, groupId: string) =>
  api.delete<unknown>(`${deal(dealId)}/permissions/groups/${id(groupId)}`);

export const fetchTags = (dealId: string, signal?: AbortSignal) => api.get<Tag[]>(`${deal(dealId)}/permissions/tags`, { signal });
export const createTag = (dealId: string, body: TagInput) => api.post<Tag>(`${deal(dealId)}/permissions/tags`, body);
export const updateTag = (dealId: string, tagId: string, body: TagInput) =>
  api.put<Tag>(`${deal(dealId)}/permissions/tags/${id(tagId)}`, body);
export const deleteTag = (dealId: string, tagId: string) => api.delete<unknown>(`${deal(dealId)}/permissions/tags/${id(tagId)}`);

// Invitations: the client keeps only the pending ones (docs/product.md §4).
export async function fetchPendingInvitations(dealId: string, signal?: AbortSignal): Promise<Invitation[]> {
  const data = await api.get<Invitation[]>(`${deal(dealId)}/invitations`, { signal });
  return (Array.isArray(data) ? data : []).filter((invitation) => invitation.status === 'pending');
}

export const sendInvitation = (dealId: string, body: InvitationInput & { email: string }) =>
  api.post<{ id: string; email: string }>(`${deal(dealId)}/invitations`, body);
export const sendBulkInvitations = (dealId: string, body: InvitationInput & { emails: string[] }) =>
  api.post<BulkInviteResult>(`${deal(dealId)}/invitations/bulk`, body);
export const resendInvitation = (dealId: string, invitationId: string) =>
  api.post<unknown>(`${deal(dealId)}/invitations/${id(invitationId)}/resend`);
export const revokeInvitation = (dealId: string, invitationId: string) =>
  api.delete<unknown>(`${deal(dealId)}/invitations/${id(invitationId)}`);
