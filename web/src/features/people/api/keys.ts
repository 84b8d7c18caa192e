import { dealKeys } from '../../../lib/api/deal';
import type { UserFilters } from '../types';
import { dealPath } from '../../../lib/api/deal-path';

/** Deal users list page size (docs/product.md §9). */
export const USERS_PAGE_SIZE = 50;

export const peopleKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'people'),
  users: (dealId: string, filters?: UserFilters) =>
    filters ? [...dealKeys.scoped(dealId, 'people', 'users'), filters] : dealKeys.scoped(dealId, 'people', 'users'),
  dealUsers: (dealId: string) => dealKeys.scoped(dealId, 'people', 'deal-users'),
  sets: (dealId: string) => dealKeys.scoped(dealId, 'people', 'sets'),
  groups: (dealId: string) => dealKeys.scoped(dealId, 'people', 'groups'),
  tags: (dealId: string) => dealKeys.scoped(dealId, 'people', 'tags'),
  invitations: (dealId: string) => dealKeys.scoped(dealId, 'people', 'invitations'),
  companies: (dealId: string) => dealKeys.scoped(dealId, 'people', 'companies'),
  access: (dealId: string) => dealKeys.scoped(dealId, 'people', 'access'),
};

/** What every change to a deal's people makes stale: all its people reads, and the dashboard's member count. */
export const peopleChanged = (dealId: string) => [peopleKeys.all(dealId), dealKeys.scoped(dealId, 'dashboard')];

export const memberPath = (dealId: string, userId: string) => `${dealPath(dealId)}/users/${encodeURIComponent(userId)}`;
export const setPath = (dealId: string, setId: string) => `${dealPath(dealId)}/permissions/sets/${encodeURIComponent(setId)}`;
export const groupPath = (dealId: string, groupId: string) =>
  `${dealPath(dealId)}/permissions/groups/${encodeURIComponent(groupId)}`;
export const tagPath = (dealId: string, tagId: string) => `${dealPath(dealId)}/permissions/tags/${encodeURIComponent(tagId)}`;
export const invitationPath = (dealId: string, invitationId: string) =>
  `${dealPath(dealId)}/invitations/${encodeURIComponent(invitationId)}`;
