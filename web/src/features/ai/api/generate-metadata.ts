import { api } from '../../../lib/api';
import { dealKeys } from '../../../lib/deal';
import { useApiMutation } from '../../../lib/mutation';
import { aiFilePath } from './keys';

export interface GeneratedMetadataAnswer {
  metadata: Record<string, unknown>;
  filled_fields: string[];
}

/** 'Generate with AI' on the file page: fills the empty metadata fields and saves them. */
export function useGenerateMetadata(dealId: string, fileId: string) {
  return useApiMutation<GeneratedMetadataAnswer, void>({
    mutationFn: () => api.post<GeneratedMetadataAnswer>(`${aiFilePath(dealId, fileId)}/metadata/ai-generate`),
    invalidates: [dealKeys.scoped(dealId, 'file', fileId)],
    successMessage: (answer) => `AI filled ${answer.filled_fields.length} field${answer.filled_fields.length === 1 ? '' : 's'}`,
    errorMessage: 'Failed to generate AI metadata',
  });
}
