/**
 * Deal users, groups, tags, permission sets and invitations (docs/product.md §3): the API's answers are
 * its contracts (@contracts/people); below them, the forms' inputs and the list's filters.
 */

import type { Capability } from '@contracts/capabilities';
import type { WithOptional } from '@contracts/common';
import type * as C from '@contracts/people';

export { CAPABILITIES, type Capability } from '@contracts/capabilities';
export type { BulkInviteResult, BulkResult, ColoredRef, Group, PermissionSet, Tag } from '@contracts/people';

// Narrow aliases: the screens' fixtures leave out fields the screens never read.
/** One row of GET /deals/{id}/users-enhanced. */
export type EnhancedUser = WithOptional<C.EnhancedUser, 'joined_at'>;
export type EnhancedUsersPage = Omit<C.EnhancedUsersPage, 'users'> & { users: EnhancedUser[] };
/** One row of GET /deals/{id}/users (docs/product.md §3 Deal user). */
export type DealUser = WithOptional<C.DealUser, 'status'>;
export type Invitation = WithOptional<
  C.Invitation,
  'permission_set_id' | 'permission_set_name' | 'group_ids' | 'tag_ids' | 'company' | 'is_expired' | 'invited_by_email'
>;

export type CapabilityMap = Record<Capability, boolean>;

export type MemberStatus = 'active' | 'inactive' | 'suspended';
export const MEMBER_STATUSES: MemberStatus[] = ['active', 'inactive', 'suspended'];
/** The statuses as select options, capitalised ("Active"). */
export const MEMBER_STATUS_OPTIONS = MEMBER_STATUSES.map(
  (status) => [status, status.charAt(0).toUpperCase() + status.slice(1)] as const,
);

export interface UserFilters {
  page: number;
  search: string;
  status: '' | MemberStatus;
  group_id?: string;
  tag_id?: string;
}

export interface PermissionSetInput {
  name: string;
  description: string;
  capabilities: CapabilityMap;
}

export interface GroupInput {
  name: string;
  description: string;
  permission_set_id: string | null;
  color: string;
}

export interface TagInput {
  name: string;
  color: string;
}

export interface InvitationInput {
  permission_set_id: string;
  group_ids: string[];
  tag_ids: string[];
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
