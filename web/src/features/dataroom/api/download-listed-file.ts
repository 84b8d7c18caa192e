import { downloadFile } from '../../../lib/file-download';
import { useApiMutation } from '../../../lib/mutation';
import type { FileSummary } from '@contracts/files';

/** Download from a listing row (the browser saves the file through a signed URL). */
export const useDownloadListedFile = (dealId: string) =>
  useApiMutation({ mutationFn: (file: FileSummary) => downloadFile(dealId, file.id), errorMessage: 'Failed to download file' });
