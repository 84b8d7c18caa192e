import type { QueryKey } from '@tanstack/react-query';
import { dealKeys } from '../../../lib/api/deal';
import { dataRoomKeys } from '../../../lib/data-room-keys';

export const fileKeys = {
  detail: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId),
  metadata: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'metadata'),
  comments: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'comments'),
  permissions: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'permissions'),
  people: (dealId: string) => dealKeys.scoped(dealId, 'file-permission-people'),
};

/** If-Match: the edit_version the edit is based on; a newer one on the server answers 412 with `current`. */
export const basedOn = (editVersion?: number) => (editVersion ? { headers: { 'If-Match': `"${editVersion}"` } } : undefined);

/** What a change to a file makes stale: the file, the data room's listing and the deal's dashboard counts. */
export const fileChangeKeys = (dealId: string, fileId: string): QueryKey[] => [
  fileKeys.detail(dealId, fileId),
  dataRoomKeys.all(dealId),
  dealKeys.scoped(dealId, 'dashboard'),
];
