import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export interface Preset {
  id: string;
  name: string;
  description: string | null;
  is_default: boolean;
  active: boolean;
  item_count: number;
  catalog_item_ids: string[];
}

export interface PresetsPage {
  presets: Preset[];
  total_count: number;
}

export function fetchPresets(params: { search?: string; page: number }, signal?: AbortSignal): Promise<PresetsPage> {
  return api.get<PresetsPage>('/admin/presets', {
    signal,
    query: { search: params.search?.trim() || undefined, page: params.page, page_size: ADMIN_PAGE_SIZE },
  });
}

export const usePresetList = (params: { search: string; page: number }) =>
  useQuery({
    queryKey: adminKeys.presetList(params),
    queryFn: ({ signal }) => fetchPresets(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load presets' },
  });
