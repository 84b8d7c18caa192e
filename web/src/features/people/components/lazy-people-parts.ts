// The People screen's dialogs, its member drawer and its bar of bulk actions load on their first use,
// asked for as the pointer or focus first enters the page: most visits open none (decision 67, issue 33).
import { lazyPage } from '../../../lib/lazy-page';

export const AddUsersDialog = lazyPage(() => import('./add-users-dialog').then((m) => ({ default: m.AddUsersDialog })));
export const InvitationsDialog = lazyPage(() => import('./invitations-dialog').then((m) => ({ default: m.InvitationsDialog })));
export const GroupTagDialog = lazyPage(() => import('./group-tag-dialog').then((m) => ({ default: m.GroupTagDialog })));
export const EditUserDrawer = lazyPage(() => import('./edit-user-drawer').then((m) => ({ default: m.EditUserDrawer })));
export const BulkActionBar = lazyPage(() => import('./bulk-action-bar').then((m) => ({ default: m.BulkActionBar })));

/** A failed preload is tried again on first use, and that failure is the error boundary's. */
export const preloadPeopleParts = () => {
  for (const part of [AddUsersDialog, InvitationsDialog, GroupTagDialog, EditUserDrawer, BulkActionBar]) {
    part.preload().catch(() => undefined);
  }
};
