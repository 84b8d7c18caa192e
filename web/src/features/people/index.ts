/** What other features may use from people: the dashboard's two modals (docs/product.md §2). */
export { InviteUserDialog } from './components/invite-user-dialog';
export { ManageUsersDialog } from './components/manage-users-dialog';
