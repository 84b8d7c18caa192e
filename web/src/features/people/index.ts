/** What other features may use from people: the dashboard's two modals (part 1 §2). */
export { InviteUserDialog } from './components/InviteUserDialog';
export { ManageUsersDialog } from './components/ManageUsersDialog';
