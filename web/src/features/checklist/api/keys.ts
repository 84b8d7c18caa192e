import type { QueryKey } from '@tanstack/react-query';
import { dealKeys } from '../../../lib/api/deal';
import { dealPath } from '../../../lib/api/deal-path';

/** Query keys of the checklist; all but the platform catalog under the deal, so a deal-wide refresh reaches them. */
export const checklistKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'checklist'),
  checklist: (dealId: string) => dealKeys.scoped(dealId, 'checklist', 'list'),
  item: (dealId: string, itemId: string) => dealKeys.scoped(dealId, 'checklist', 'item', itemId),
  catalog: (params: { page: number; search: string; category: string }) => ['checklist-catalog', params] as const,
  files: (dealId: string, where: string) => dealKeys.scoped(dealId, 'checklist', 'files', where),
};

/**
 * What a checklist change makes stale: everything that shows checklist progress — the checklist and
 * its items, the deal's dashboard and the deal cards of the deal list.
 */
export const checklistChangeKeys = (dealId: string): QueryKey[] => [
  checklistKeys.all(dealId),
  dealKeys.scoped(dealId, 'dashboard'),
  dealKeys.list('active').slice(0, 2),
];

export const checklistBase = (dealId: string) => `${dealPath(dealId)}/checklist`;
export const itemPath = (dealId: string, itemId: string) => `${checklistBase(dealId)}/items/${encodeURIComponent(itemId)}`;
export const categoryPath = (dealId: string, categoryId: string) =>
  `${checklistBase(dealId)}/categories/${encodeURIComponent(categoryId)}`;
