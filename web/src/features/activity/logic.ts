import { ACTIVITY_TYPES, type ActivityEntry } from '@contracts/activity';
import { activityAuthor } from '../../lib/format';

export type ActivityFilter = 'all' | (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_FILTERS: ActivityFilter[] = ['all', ...ACTIVITY_TYPES];

const TITLES: Record<string, string> = {
  upload: 'File Uploaded',
  download: 'File Downloaded',
  delete: 'Deleted',
  checklist_update: 'Checklist Updated',
  user_invite: 'User Invited',
  deal_create: 'Deal Created',
  login: 'Signed In',
  approval: 'Approval Decided',
  role_change: 'Role Changed',
  export: 'Exported as ZIP',
  view: 'Document Viewed',
  question: 'Question Asked',
  answer: 'Answer Released',
};

/** The entry's title; kinds the feed learns later read as their words capitalised ("ai_review" → "Ai Review"). */
export function activityTitle(type: string): string {
  return (
    TITLES[type] ??
    type
      .split(/[_\s]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/**
 * Who the entry is by. The API leaves out who asked a question for readers outside the asker's group
 * and the answering side (docs/decisions.md decision 51): "A bidder", not a deleted user.
 */
export function entryAuthor(entry: ActivityEntry): string {
  if (entry.activity_type === 'question' && !entry.user_first_name && !entry.user_last_name && !entry.user_email)
    return 'A bidder';
  return activityAuthor(entry);
}

/** The filter's option label: 'All activity' or the kind's title. */
export const filterLabel = (filter: ActivityFilter) => (filter === 'all' ? 'All activity' : activityTitle(filter));

/**
 * Search and type filter over the loaded entries (docs/product.md §2 Activity): the search matches the
 * description, the author's name or e-mail, and the title, ignoring case.
 */
export function filterActivities(entries: ActivityEntry[], search: string, type: ActivityFilter): ActivityEntry[] {
  const needle = search.trim().toLowerCase();
  return entries.filter((entry) => {
    if (type !== 'all' && entry.activity_type !== type) return false;
    if (!needle) return true;
    return [entry.description, entryAuthor(entry), entry.user_email ?? '', activityTitle(entry.activity_type)].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}
