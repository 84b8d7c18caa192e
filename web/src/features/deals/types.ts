/**
 * Deals, the dashboard and the caller's invitations (docs/product.md §2 Deals, Dashboard): the API's
 * answers are its contracts (@contracts/deals, @contracts/people); below them, what only the web keeps.
 */
import type { ChecklistPreset as Preset } from '@contracts/checklist';
import type { WithOptional } from '@contracts/common';
import type { MyInvitation } from '@contracts/people';

export type { DashboardStats, DealSummary, RecentActivity as Activity, RecentFile } from '@contracts/deals';

// Narrow aliases. The preset picker reads the name and the default flag alone.
export type ChecklistPreset = WithOptional<Preset, 'description' | 'active' | 'item_count'>;
/**
 * One of GET /invitations/my-invitations (docs/product.md §3 Invitation). The API sends no `status`
 * (it lists pending invitations only); the banner still checks one in case it does.
 */
export type Invitation = MyInvitation & { status?: string };

export type DealView = 'active' | 'archived';
