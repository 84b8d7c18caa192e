import { downloadFile, downloadVersion } from '../../../lib/file-download';
import { useApiMutation } from '../../../lib/mutation';

export const useDownloadFile = (dealId: string, fileId: string) =>
  useApiMutation({ mutationFn: () => downloadFile(dealId, fileId), errorMessage: 'Failed to download file' });

/** A download of one earlier version; `downloading` is the version on its way, if any. */
export function useDownloadVersion(dealId: string, fileId: string) {
  const mutation = useApiMutation({
    mutationFn: (version: number) => downloadVersion(dealId, fileId, version),
    errorMessage: 'Failed to download version',
  });
  return { download: mutation.mutate, downloading: mutation.isPending ? mutation.variables : null };
}
