import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { searchKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export interface ItemOption {
  id: string;
  name: string;
  category: string;
}

/** The deal's checklist items, for the checklist item filter (GET /deals/{dealId}/checklist). */
export async function fetchItemOptions(dealId: string, signal?: AbortSignal): Promise<ItemOption[]> {
  const data = await api.get<{ checklist?: Record<string, { id: string; name: string }[]> }>(`${dealPath(dealId)}/checklist`, {
    signal,
  });
  return Object.entries(data?.checklist ?? {}).flatMap(([category, items]) =>
    items.map((item) => ({ id: item.id, name: item.name, category })),
  );
}

export const useItemOptions = (dealId: string) =>
  useQuery({
    queryKey: searchKeys.items(dealId),
    queryFn: ({ signal }) => fetchItemOptions(dealId, signal),
    meta: { errorTitle: 'Failed to load checklist' },
  });
