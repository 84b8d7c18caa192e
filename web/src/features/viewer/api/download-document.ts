import { downloadFile, downloadVersion } from '../../../lib/file-download';
import { useApiMutation } from '../../../lib/mutation';

/** The viewer's Download: the version being read when one was asked for, else the current one. */
export const useDownloadDocument = (dealId: string, fileId: string, version: number | null) =>
  useApiMutation({
    mutationFn: () => (version === null ? downloadFile(dealId, fileId) : downloadVersion(dealId, fileId, version)),
    errorMessage: 'Failed to download file',
  });
