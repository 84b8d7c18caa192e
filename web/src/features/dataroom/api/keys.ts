import type { QueryKey } from '@tanstack/react-query';
import { dealKeys } from '../../../lib/api/deal';
import { dataRoomKeys } from '../../../lib/data-room-keys';

/** What a change in the data room makes stale: the listing and search results, and the dashboard's counts. */
export const dataRoomChangeKeys = (dealId: string): QueryKey[] => [
  dataRoomKeys.all(dealId),
  dealKeys.scoped(dealId, 'dashboard'),
];
