import { useQuery } from '@tanstack/react-query';
import type { AiAnalysis } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { aiKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

/** A file's latest analysis, or null when none exists yet (the API answers `{message}` then). */
export async function fetchAiAnalysis(dealId: string, fileId: string, signal?: AbortSignal): Promise<AiAnalysis | null> {
  const data = await api.get<AiAnalysis | { message: string }>(`${filePath(dealId, fileId)}/ai-analysis`, { signal });
  return data && 'analysis_id' in data ? data : null;
}

export function useAiAnalysis(dealId: string, fileId: string | undefined) {
  return useQuery({
    queryKey: aiKeys.analysis(dealId, fileId ?? ''),
    queryFn: ({ signal }) => fetchAiAnalysis(dealId, fileId ?? '', signal),
    enabled: Boolean(dealId && fileId),
  });
}
