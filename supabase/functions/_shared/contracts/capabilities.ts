/** The nine capabilities a deal role or permission set grants (docs/access-model.md), in display order. */
export const CAPABILITIES = [
  'view',
  'download',
  'comment',
  'approve',
  'upload',
  'edit_files',
  'edit_folders',
  'edit_checklist',
  'manage_users',
] as const;

export type Capability = (typeof CAPABILITIES)[number];
