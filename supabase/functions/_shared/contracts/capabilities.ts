/** The twelve capabilities a deal role or permission set grants (docs/access-model.md), in display order. */
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
  'ask_questions',
  'answer_questions',
  'approve_answers',
] as const;

export type Capability = (typeof CAPABILITIES)[number];
