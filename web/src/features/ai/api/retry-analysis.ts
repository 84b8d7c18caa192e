import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { filePath } from '../../../lib/api/deal-path';

export const retryAnalysis = (dealId: string, fileId: string) =>
  api.post<{ status: string; message: string }>(`${filePath(dealId, fileId)}/ai-analysis/retry`);

/** 'retry AI' in the data room and 'Re-run AI' on the file page: queue a fresh analysis. */
export function useRetryAnalysis(dealId: string) {
  return useApiMutation<{ status: string; message: string }, string>({
    mutationFn: (fileId) => retryAnalysis(dealId, fileId),
    invalidates: [dealKeys.detail(dealId)],
    successMessage: 'AI analysis started',
    errorMessage: 'Failed to retry AI analysis',
  });
}
