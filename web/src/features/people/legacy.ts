/** Part 1's permission sets for invited users (docs/product.md §6); upload_view is the default for invites (§9). */
export const LEGACY_SETS = [
  { value: 'upload_only', label: 'Upload Only', description: 'Can upload files but cannot view existing files' },
  { value: 'upload_view', label: 'Upload + View', description: 'Can upload, view, download and comment' },
  { value: 'approve_only', label: 'Approve', description: 'Upload + View, plus approving files' },
  { value: 'edit', label: 'Edit', description: 'Full file operations: upload, view, edit, metadata, organise' },
] as const;

export const DEFAULT_INVITE_SET = 'upload_view';
