import { dealPath } from '../../../lib/api/deal-path';
import type { ExportRequest, ExportStarted } from '@contracts/exports';
import { api } from '../../../lib/api/client';
import { saveFromUrl } from '../../../lib/file-download';
import { useApiMutation } from '../../../lib/mutation';
import { dataRoomKeys } from '../../../lib/data-room-keys';

export const startExport = (dealId: string, body: ExportRequest) => api.post<ExportStarted>(`${dealPath(dealId)}/exports`, body);

/**
 * "Download as ZIP" and "Download folder" (docs/decisions.md decision 48): a direct export is saved at once
 * through its streaming link; a job is followed by the export dialog.
 */
export function useStartExport(dealId: string, onStarted: (answer: ExportStarted) => void) {
  return useApiMutation<ExportStarted, ExportRequest>({
    mutationFn: (body) => startExport(dealId, body),
    invalidates: [dataRoomKeys.exports(dealId)],
    errorMessage: 'Failed to export as ZIP',
    onSuccess: (answer) => {
      if (answer.mode === 'direct' && answer.download_url) saveFromUrl(answer.download_url, 'export.zip');
      onStarted(answer);
    },
  });
}
