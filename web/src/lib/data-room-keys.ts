import { dealKeys } from './api/deal';

/**
 * The data room's query keys: its listing, folders and search. Shared because changes elsewhere (a file's
 * page, the checklist's uploads) make the listing stale.
 */
export const dataRoomKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'dataroom'),
  listing: (dealId: string, path: string) => dealKeys.scoped(dealId, 'dataroom', 'listing', path),
  folder: (dealId: string, folderId: string) => dealKeys.scoped(dealId, 'dataroom', 'folder', folderId),
  search: (dealId: string, q: string) => dealKeys.scoped(dealId, 'dataroom', 'search', q),
  exports: (dealId: string) => dealKeys.scoped(dealId, 'dataroom', 'exports'),
  exportState: (dealId: string, exportId: string) => dealKeys.scoped(dealId, 'dataroom', 'exports', exportId),
};
