/**
 * The admin portal's people and history (docs/product.md §7 Admin): users, super admins, system
 * permission sets and the audit log, one hook per operation. Mutations own their toasts (§8) and
 * refresh the lists and the dashboard counts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_PAGE_DEFAULT,
  AUDIT_PAGE_DEFAULT,
  ELIGIBLE_PAGE_DEFAULT,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
  type PermissionSetUsage,
  type SystemPermissionSet,
} from '@contracts/admin';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';

export const peopleKeys = {
  users: (search: string, page: number) => ['admin', 'users', { search, page }] as const,
  superAdmins: (page: number) => ['admin', 'super-admins', { page }] as const,
  eligible: (search: string) => ['admin', 'super-admins', 'eligible', { search }] as const,
  sets: (search: string, page: number) => ['admin', 'permission-sets', { search, page }] as const,
  usage: (id: string) => ['admin', 'permission-sets', 'usage', id] as const,
  audit: (filters: AuditFilters, page: number) => ['admin', 'audit', { ...filters, page }] as const,
};

/** Every admin list and the dashboard counts start with 'admin'. */
const ADMIN = [['admin']];

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.users(search, page),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/users', { query: { search, page, page_size: ADMIN_PAGE_DEFAULT }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface UserEdit {
  first_name: string;
  last_name: string;
  title: string;
}

export function useUpdateUser(onDone: () => void) {
  return useApiMutation<AdminUser, { id: string } & UserEdit>({
    mutationFn: ({ id, ...body }) => api.put<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, body),
    invalidates: ADMIN,
    successMessage: 'User updated successfully',
    errorMessage: 'Failed to update user',
    onSuccess: onDone,
  });
}

export function useResetPassword(onDone: () => void) {
  return useApiMutation<unknown, { id: string; password: string }>({
    mutationFn: ({ id, password }) =>
      api.post(`/admin/users/${encodeURIComponent(id)}/reset-password`, { user_id: id, new_password: password }),
    successMessage: 'Password reset successfully',
    errorMessage: 'Failed to reset password',
    onSuccess: onDone,
  });
}

export function useDeleteUser(onDone: () => void) {
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(`/admin/users/${encodeURIComponent(id)}`),
    invalidates: ADMIN,
    successMessage: 'User deleted successfully',
    errorMessage: 'Failed to delete user',
    onSuccess: onDone,
  });
}

export function useSuperAdmins(page: number) {
  return useQuery({
    queryKey: peopleKeys.superAdmins(page),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/super-admins', { query: { page, page_size: ADMIN_PAGE_DEFAULT }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEligibleUsers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.eligible(search),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/super-admins/eligible-users', {
        query: { search, page: 1, page_size: ELIGIBLE_PAGE_DEFAULT },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useToggleSuperAdmin(onDone: () => void) {
  return useApiMutation<{ message: string }, { user: AdminUser; promote: boolean }>({
    mutationFn: ({ user, promote }) => api.post('/admin/super-admins/toggle', { user_id: user.id, is_super_admin: promote }),
    invalidates: ADMIN,
    successMessage: (result) => result.message,
    errorMessage: ({ promote }) => (promote ? 'Failed to promote user' : 'Failed to revoke super admin'),
    onSuccess: onDone,
  });
}

export function useSystemSets(search: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.sets(search, page),
    queryFn: ({ signal }) =>
      api.get<{ permission_sets: SystemPermissionSet[]; total_count: number }>('/admin/permission-sets', {
        query: { search, page, page_size: ADMIN_PAGE_DEFAULT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface SystemSetInput {
  id?: string;
  name: string;
  description: string;
  capabilities: Record<string, boolean>;
}

export function useSaveSystemSet(onDone: () => void) {
  return useApiMutation<SystemPermissionSet, SystemSetInput>({
    mutationFn: ({ id, ...body }) =>
      id
        ? api.put<SystemPermissionSet>(`/admin/permission-sets/${encodeURIComponent(id)}`, body)
        : api.post<SystemPermissionSet>('/admin/permission-sets', body),
    invalidates: ADMIN,
    successMessage: (_, input) => (input.id ? 'System permission set updated' : 'System permission set created'),
    errorMessage: 'Failed to save',
    onSuccess: onDone,
  });
}

export function useDeleteSystemSet(onDone: () => void) {
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(`/admin/permission-sets/${encodeURIComponent(id)}`),
    invalidates: ADMIN,
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onSuccess: onDone,
  });
}

export function useSetUsage(id: string | null) {
  return useQuery({
    queryKey: peopleKeys.usage(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<PermissionSetUsage>(`/admin/permission-sets/${encodeURIComponent(id ?? '')}/usage`, { signal }),
    enabled: Boolean(id),
  });
}

export interface AuditFilters {
  entity_type: string;
  days: number;
}

export function useAuditLogs(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: peopleKeys.audit(filters, page),
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/admin/audit', {
        query: { entity_type: filters.entity_type || undefined, days: filters.days, page, page_size: AUDIT_PAGE_DEFAULT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
