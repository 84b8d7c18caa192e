import { CAPABILITIES, emptyCapabilities, normalizeCapabilities, type CapabilityMap } from '../../lib/permission-sets';
import type { PermissionSet } from './types';

/** The set a legacy role maps to (docs/access-model.md: contributor implies edit, viewer implies upload_view). */
const ROLE_SETS: Record<string, string> = { contributor: 'edit', viewer: 'upload_view' };

/**
 * Effective capabilities a member would have (docs/access-model.md): role's ∪ own set's ∪ each group's set's;
 * none unless active. Used for the live preview in Edit User.
 */
export function previewCapabilities({
  role,
  status,
  permissionSetId,
  groupSetIds,
  sets,
}: {
  role: string | null | undefined;
  status: string;
  permissionSetId: string | null | undefined;
  groupSetIds: (string | null | undefined)[];
  sets: PermissionSet[];
}): CapabilityMap {
  const result = emptyCapabilities();
  if (status !== 'active') return result;
  const byId = new Map(sets.map((set) => [set.id, set]));
  const add = (caps: Partial<CapabilityMap> | undefined) => {
    for (const cap of CAPABILITIES) if (caps?.[cap]) result[cap] = true;
  };
  if (role === 'admin') return normalizeCapabilities(Object.fromEntries(CAPABILITIES.map((c) => [c, true])));
  const roleSet = role ? ROLE_SETS[role] : undefined;
  if (roleSet) add(sets.find((set) => set.type === 'system' && set.name === roleSet)?.capabilities);
  if (permissionSetId) add(byId.get(permissionSetId)?.capabilities);
  for (const setId of groupSetIds) if (setId) add(byId.get(setId)?.capabilities);
  return result;
}
