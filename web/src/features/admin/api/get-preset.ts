import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { adminKeys, presetPath } from './keys';
import type { Preset } from './list-presets';

export interface PresetItem {
  id: string;
  title: string;
  code: string;
  category: string;
  description: string | null;
}

export interface PresetDetail extends Preset {
  catalog_items: PresetItem[];
}

export const fetchPreset = (id: string, signal?: AbortSignal) => api.get<PresetDetail>(presetPath(id), { signal });

/** One preset with its items, read while `enabled`. */
export const usePreset = (presetId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.preset(presetId),
    queryFn: ({ signal }) => fetchPreset(presetId, signal),
    enabled: enabled && Boolean(presetId),
    meta: { errorTitle: 'Failed to load preset items' },
  });
