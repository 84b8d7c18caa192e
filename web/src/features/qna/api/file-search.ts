import { useQuery } from '@tanstack/react-query';
import { searchDealFiles } from '../../../lib/api/file-search';
import { qnaKeys } from './keys';

export interface PickableFile {
  id: string;
  name: string;
}

/** Data-room files the caller sees whose name, tags or folder match: what may be attached. */
export const useFileSearch = (dealId: string, q: string) =>
  useQuery({
    queryKey: qnaKeys.files(dealId, q),
    queryFn: async ({ signal }): Promise<PickableFile[]> => (await searchDealFiles(dealId, q, signal)).files,
    enabled: Boolean(q),
    staleTime: 30_000,
  });
