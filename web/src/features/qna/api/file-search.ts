import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { qnaKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export interface PickableFile {
  id: string;
  name: string;
}

/** Data-room files the caller sees whose name, tags or folder match: what may be attached. */
export const useFileSearch = (dealId: string, q: string) =>
  useQuery({
    queryKey: qnaKeys.files(dealId, q),
    queryFn: async ({ signal }) =>
      (await api.get<{ files?: PickableFile[] }>(`${dealPath(dealId)}/files/search`, { query: { q }, signal }))?.files ?? [],
    enabled: Boolean(q),
    staleTime: 30_000,
  });
