/** What other features may use from people: the dashboard's two modals (docs/product.md §2). */
export { InviteUserDialog } from './components/invite-user-dialog';
export { ManageUsersDialog } from './components/manage-users-dialog';
// The capability switches and rules, shared with the admin portal's system permission sets.
export { CapabilityToggles } from './components/permission-set-dialog';
export { emptyCapabilities, normalizeCapabilities, unmetRequirements } from './capabilities';
export { CAPABILITIES, type CapabilityMap } from './types';
