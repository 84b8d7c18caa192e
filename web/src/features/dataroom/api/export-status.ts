import { dealPath } from '../../../lib/api/deal-path';
import { useQuery } from '@tanstack/react-query';
import type { ExportState } from '@contracts/exports';
import { api } from '../../../lib/api/client';
import { dataRoomKeys } from '../../../lib/data-room-keys';

const EXPORT_POLL_MS = 2000;

export const fetchExport = (dealId: string, exportId: string, signal?: AbortSignal) =>
  api.get<ExportState>(`${dealPath(dealId)}/exports/${encodeURIComponent(exportId)}`, { signal });

/** A job export's state, read every 2 s until its ZIP is ready or it failed. */
export const useExportStatus = (dealId: string, exportId: string | null) =>
  useQuery({
    queryKey: dataRoomKeys.exportState(dealId, exportId ?? ''),
    queryFn: ({ signal }) => fetchExport(dealId, exportId!, signal),
    enabled: Boolean(exportId),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.status ?? 'queued') ? EXPORT_POLL_MS : false),
    meta: { errorTitle: 'Failed to load the export' },
  });
