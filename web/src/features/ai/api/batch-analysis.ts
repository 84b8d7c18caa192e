import type { BatchAnalysisResult } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { dealPath } from '../../../lib/api/deal-path';

/** Queue every visible file never analysed, or whose analysis gave up. */
export function useBatchAnalysis(dealId: string) {
  return useApiMutation<BatchAnalysisResult, void>({
    mutationFn: () => api.post<BatchAnalysisResult>(`${dealPath(dealId)}/files/batch-ai-analysis`, {}),
    invalidates: [dealKeys.detail(dealId)],
    successMessage: (result) => result.message,
    errorMessage: 'Failed to start AI analysis',
  });
}
