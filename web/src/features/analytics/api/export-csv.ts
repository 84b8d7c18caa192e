import type { AnalyticsPeriod } from '@contracts/analytics';
import { api } from '../../../lib/api/client';
import { saveFromUrl } from '../../../lib/file-download';
import { useApiMutation } from '../../../lib/mutation';
import { dealPath } from '../../../lib/api/deal-path';

/** The period's CSV (one row per document and member), saved as a file. */
export async function exportAnalyticsCsv(dealId: string, period: AnalyticsPeriod): Promise<void> {
  const csv = await api.get<string>(`${dealPath(dealId)}/analytics.csv`, { query: { from: period.from, to: period.to } });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const range = [period.from, period.to].filter(Boolean).join('-to-') || 'all-time';
    saveFromUrl(url, `deal-analytics-${range}.csv`);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useExportAnalyticsCsv(dealId: string) {
  return useApiMutation<void, AnalyticsPeriod>({
    mutationFn: (period) => exportAnalyticsCsv(dealId, period),
    errorMessage: 'Failed to export CSV',
  });
}
