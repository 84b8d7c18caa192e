/** What other features may use from people: the dashboard's two modals (docs/product.md §2). */
export { InviteUserDialog } from './components/InviteUserDialog';
export { ManageUsersDialog } from './components/ManageUsersDialog';
// The capability switches and rules, shared with the admin portal's system permission sets.
export { CapabilityToggles } from './components/PermissionSetDialog';
export { emptyCapabilities, normalizeCapabilities, unmetRequirements } from './capabilities';
export { CAPABILITIES, type CapabilityMap } from './types';
