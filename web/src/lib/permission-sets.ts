import { CAPABILITIES, type Capability } from '@contracts/capabilities';

export { CAPABILITIES, type Capability };

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

/** Whether a permission set grants each capability (docs/access-model.md). */
export type CapabilityMap = Record<Capability, boolean>;

export const CAPABILITY_INFO: Record<Capability, { label: string; description: string }> = {
  view: { label: 'View', description: 'See folders and files in the data room' },
  download: { label: 'Download', description: 'Download files and their versions' },
  comment: { label: 'Comment', description: 'Add comments to files' },
  approve: { label: 'Approve', description: 'Approve files and checklist items' },
  upload: { label: 'Upload', description: 'Upload new files and versions' },
  edit_files: { label: 'Edit files', description: 'Edit, archive and delete files and their metadata' },
  edit_folders: { label: 'Edit folders', description: 'Create, archive and delete folders' },
  edit_checklist: { label: 'Edit checklist', description: 'Add and change checklist categories and items' },
  manage_users: { label: 'Manage users', description: 'Invite people and manage members, groups and tags' },
  ask_questions: { label: 'Ask questions', description: 'Ask questions in Q&A; seen by your group until released' },
  answer_questions: { label: 'Answer questions', description: 'See every question, assign them and draft answers' },
  approve_answers: { label: 'Approve answers', description: 'Release draft answers and release questions to all bidders' },
};

/**
 * What each capability requires (docs/product.md §5): download, comment, approve, edit_files, edit_folders,
 * edit_checklist, manage_users, ask_questions and answer_questions each require view; approve_answers
 * requires answer_questions (docs/decisions.md decision 49); view and upload require nothing.
 */
export const CAPABILITY_REQUIRES: Record<Capability, Capability[]> = {
  view: [],
  upload: [],
  download: ['view'],
  comment: ['view'],
  approve: ['view'],
  edit_files: ['view'],
  edit_folders: ['view'],
  edit_checklist: ['view'],
  manage_users: ['view'],
  ask_questions: ['view'],
  answer_questions: ['view'],
  approve_answers: ['answer_questions'],
};

export function emptyCapabilities(): CapabilityMap {
  return Object.fromEntries(CAPABILITIES.map((cap) => [cap, false])) as CapabilityMap;
}

export function normalizeCapabilities(caps: Partial<CapabilityMap> | null | undefined): CapabilityMap {
  const result = emptyCapabilities();
  for (const cap of CAPABILITIES) result[cap] = Boolean(caps?.[cap]);
  return result;
}

/** Enabling a capability also enables what it requires (transitively); disabling one does not cascade. */
export function toggleCapability(caps: CapabilityMap, cap: Capability, on: boolean): CapabilityMap {
  const next = { ...caps, [cap]: on };
  if (on) {
    const pending = [...CAPABILITY_REQUIRES[cap]];
    while (pending.length) {
      const required = pending.shift() as Capability;
      if (!next[required]) {
        next[required] = true;
        pending.push(...CAPABILITY_REQUIRES[required]);
      }
    }
  }
  return next;
}

/** Capabilities that are on while something they require is off, e.g. download without view. */
export function unmetRequirements(caps: CapabilityMap): { capability: Capability; missing: Capability[] }[] {
  return CAPABILITIES.filter((cap) => caps[cap])
    .map((cap) => ({ capability: cap, missing: CAPABILITY_REQUIRES[cap].filter((req) => !caps[req]) }))
    .filter((entry) => entry.missing.length > 0);
}

export const enabledCapabilities = (caps: Partial<CapabilityMap> | null | undefined): Capability[] =>
  CAPABILITIES.filter((cap) => caps?.[cap]);
