import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { qnaBase, type QnaFilters } from './keys';

/** Saves the Q&A log the caller may see, under the filters, as questions.csv. */
export function useExportCsv(dealId: string) {
  return useApiMutation<void, QnaFilters>({
    mutationFn: async (filters) => {
      const text = await api.get<string>(`${qnaBase(dealId)}.csv`, {
        query: {
          status: filters.status,
          scope: filters.scope,
          assignee: filters.assignee,
          search: filters.search.trim() || undefined,
        },
      });
      const url = URL.createObjectURL(new Blob([String(text ?? '')], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'questions.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    errorMessage: 'Failed to export questions',
  });
}
