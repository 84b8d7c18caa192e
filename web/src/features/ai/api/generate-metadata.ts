import type { GeneratedMetadataResult } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { filePath } from '../../../lib/api/deal-path';

/**
 * 'Generate with AI' on the file page: fills every empty field it finds a value for and saves them; the
 * toast says how many, then the server's account of what it filled and what it could not find.
 */
export function useGenerateMetadata(dealId: string, fileId: string) {
  return useApiMutation<GeneratedMetadataResult, void>({
    mutationFn: () => api.post<GeneratedMetadataResult>(`${filePath(dealId, fileId)}/metadata/ai-generate`),
    invalidates: [dealKeys.scoped(dealId, 'file', fileId)],
    successMessage: (answer) => ({
      title: answer.filled.length
        ? `AI filled ${answer.filled.length} field${answer.filled.length === 1 ? '' : 's'}`
        : 'AI found nothing to fill',
      description: answer.message,
    }),
    errorMessage: 'Failed to generate AI metadata',
  });
}
