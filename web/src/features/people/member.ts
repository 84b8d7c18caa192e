import type { EnhancedUser, MemberRole, MemberStatus, MemberUpdate, PermissionSet } from './types';

export interface MemberForm {
  role: MemberRole;
  permissionSetId: string;
  groupIds: string[];
  tagIds: string[];
  company: string;
  status: MemberStatus;
}

/** The set a member holds: their own, else the system set their legacy role maps to (none for admins). */
export function initialSetId(user: Pick<EnhancedUser, 'permission_set_id' | 'permission_set'>, sets: PermissionSet[]): string {
  if (user.permission_set_id) return user.permission_set_id;
  return sets.find((set) => set.type === 'system' && set.name === user.permission_set)?.id ?? '';
}

export function memberForm(user: EnhancedUser, sets: PermissionSet[]): MemberForm {
  const status = (['active', 'inactive', 'suspended'] as const).includes(user.status as MemberStatus)
    ? (user.status as MemberStatus)
    : 'active';
  return {
    role: user.role === 'admin' ? 'admin' : 'member',
    permissionSetId: initialSetId(user, sets),
    groupIds: user.groups.map((group) => group.id),
    tagIds: user.tags.map((tag) => tag.id),
    company: user.company ?? '',
    status,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Only what changed: re-sending unchanged groups or a set would ask the server to grant them again,
 * which a manager with fewer rights than the member may not do.
 */
export function memberUpdate(before: MemberForm, after: MemberForm): MemberUpdate {
  const update: MemberUpdate = {};
  if (after.role !== before.role) update.role = after.role;
  if (after.permissionSetId && after.permissionSetId !== before.permissionSetId) update.permission_set_id = after.permissionSetId;
  if (!sameSet(before.groupIds, after.groupIds)) update.group_ids = after.groupIds;
  if (!sameSet(before.tagIds, after.tagIds)) update.tag_ids = after.tagIds;
  if (after.company.trim() !== before.company.trim()) update.company = after.company.trim() || null;
  if (after.status !== before.status) update.status = after.status;
  return update;
}

export const EDIT_USER_MESSAGES = {
  noSet: 'Please select a permission set',
} as const;

/** A set is required, except for an admin: the role grants every capability (docs/product.md §5, decision 34). */
export const needsSet = (form: Pick<MemberForm, 'role' | 'permissionSetId'>) => form.role !== 'admin' && !form.permissionSetId;
