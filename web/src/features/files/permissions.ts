import type { FilePermissions } from './types';

export type PrincipalKind = 'users' | 'groups' | 'tags';
export type ListSide = 'allowed' | 'denied';

const key = (side: ListSide, kind: PrincipalKind) => `${side}_${kind}` as keyof Omit<FilePermissions, 'type'>;

export function listOf(permissions: FilePermissions, side: ListSide, kind: PrincipalKind): string[] {
  return permissions[key(side, kind)] ?? [];
}

/**
 * What one entry amounts to (docs/product.md §5: denied entries override allowed ones): ticked in both lists it is
 * denied, and the allow is shown as overridden.
 */
export type EntryState = 'none' | 'allowed' | 'denied' | 'overridden';

export function entryState(permissions: FilePermissions, kind: PrincipalKind, id: string): EntryState {
  const allowed = listOf(permissions, 'allowed', kind).includes(id);
  const denied = listOf(permissions, 'denied', kind).includes(id);
  if (allowed && denied) return 'overridden';
  if (denied) return 'denied';
  if (allowed) return 'allowed';
  return 'none';
}

export function toggleEntry(
  permissions: FilePermissions,
  side: ListSide,
  kind: PrincipalKind,
  id: string,
  on: boolean,
): FilePermissions {
  const field = key(side, kind);
  const current = permissions[field] ?? [];
  const next = on ? (current.includes(id) ? current : [...current, id]) : current.filter((x) => x !== id);
  return { ...permissions, [field]: next };
}

/** Counts as they take effect: an entry in both lists counts once, as denied. */
export function permissionSummary(permissions: FilePermissions): { allowed: number; denied: number } {
  let allowed = 0;
  let denied = 0;
  for (const kind of ['users', 'groups', 'tags'] as PrincipalKind[]) {
    const deniedIds = new Set(listOf(permissions, 'denied', kind));
    denied += deniedIds.size;
    allowed += listOf(permissions, 'allowed', kind).filter((id) => !deniedIds.has(id)).length;
  }
  return { allowed, denied };
}

export function describePermissions(permissions: FilePermissions): string {
  if (permissions.type !== 'custom') return 'Everyone in the deal who can view files';
  const { allowed, denied } = permissionSummary(permissions);
  const parts = [`${allowed} allowed`];
  if (denied > 0) parts.push(`${denied} denied`);
  return parts.join(' · ');
}
