/** Deal users, groups, tags, permission sets and invitations (docs/product.md §3, docs/product.md §3). */

import type { Capability } from '@contracts/capabilities';

export { CAPABILITIES, type Capability } from '@contracts/capabilities';

export type CapabilityMap = Record<Capability, boolean>;

export type MemberStatus = 'active' | 'inactive' | 'suspended';
export const MEMBER_STATUSES: MemberStatus[] = ['active', 'inactive', 'suspended'];

export interface ColoredRef {
  id: string;
  name: string;
  color: string;
}

/** One row of GET /deals/{id}/users-enhanced. */
export interface EnhancedUser {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  status: MemberStatus | 'pending' | string;
  role: string;
  display_role: string | null;
  is_owner: boolean;
  last_active_at: string | null;
  permission_set_id: string | null;
  permission_set_name: string | null;
  /** The set's name, or for a legacy role the set it maps to ('admin' for admins). */
  permission_set: string | null;
  groups: ColoredRef[];
  tags: ColoredRef[];
  effective_permissions: Partial<CapabilityMap>;
}

export interface EnhancedUsersPage {
  users: EnhancedUser[];
  total_count: number;
  can_manage: boolean;
  /** The caller is a deal admin: they may grant and revoke the admin role. */
  can_manage_admins?: boolean;
}

export interface UserFilters {
  page: number;
  search: string;
  status: '' | MemberStatus;
  group_id?: string;
  tag_id?: string;
}

/** One row of GET /deals/{id}/users (docs/product.md §3 Deal user). */
export interface DealUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  permission_set: string | null;
  role: string | null;
  is_owner: boolean;
  status?: string;
}

export interface PermissionSet {
  id: string;
  name: string;
  description: string | null;
  type: 'system' | 'custom';
  capabilities: Partial<CapabilityMap>;
  user_count?: number;
  group_count?: number;
}

export interface PermissionSetInput {
  name: string;
  description: string;
  capabilities: CapabilityMap;
}

export interface Group {
  id: string;
  name: string;
  description: string | null;
  permission_set_id: string | null;
  permission_set_name: string | null;
  color: string;
  member_count: number;
}

export interface GroupInput {
  name: string;
  description: string;
  permission_set_id: string | null;
  color: string;
}

export interface Tag {
  id: string;
  name: string;
  color: string;
  member_count?: number;
}

export interface TagInput {
  name: string;
  color: string;
}

export interface Invitation {
  id: string;
  email: string;
  status: string;
  invited_at: string;
  expires_at: string;
  company?: string | null;
  permission_set_id?: string | null;
  permission_set_name?: string | null;
  is_expired?: boolean;
  invited_by_email?: string | null;
}

export interface InvitationInput {
  permission_set_id: string;
  group_ids: string[];
  tag_ids: string[];
}

export interface BulkInviteResult {
  created_count: number;
  skipped: { email: string; reason: string }[];
}

export interface MemberUpdate {
  permission_set_id?: string;
  group_ids?: string[];
  tag_ids?: string[];
  company?: string | null;
  status?: MemberStatus;
  /** Grants ('admin') or revokes ('member') the deal admin role; deal admins only. */
  role?: MemberRole;
}

/** The Role field of Edit User: deal admin, or a member whose rights come from sets and groups. */
export type MemberRole = 'admin' | 'member';

export interface BulkResult {
  success_count: number;
  failed_count: number;
  failed?: { user_id: string; reason: string }[];
}
