/** Human labels for the system sets of docs/product.md §6; any other name is shown as it is. */
const SYSTEM_SET_LABELS: Record<string, string> = {
  upload_only: 'Upload Only',
  upload_view: 'Upload + View',
  approve_only: 'Approve',
  edit: 'Edit',
  admin: 'Admin',
};

/** A permission set's name as every screen shows it (people lists, dialogs, the invitation page). */
export function permissionSetLabel(name: string | null | undefined): string {
  if (!name) return '—';
  return SYSTEM_SET_LABELS[name] ?? name;
}
