import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ChecklistPreset } from '../types';
import { dealsKeys } from './keys';

export async function fetchPresets(signal?: AbortSignal): Promise<ChecklistPreset[]> {
  const data = await api.get<{ presets?: ChecklistPreset[] }>('/checklist-catalog/presets', {
    query: { active_only: true, page: 1, page_size: 100 },
    signal,
  });
  return Array.isArray(data?.presets) ? data.presets : [];
}

/** docs/product.md §9: the default preset's name in lower case once presets load, else 'default'. */
export function defaultPresetValue(presets: ChecklistPreset[] | undefined): string {
  const preset = presets?.find((p) => p.is_default);
  return preset ? preset.name.toLowerCase() : 'default';
}

/** The active checklist presets a new deal can start from. */
export const useChecklistPresets = (enabled: boolean) =>
  useQuery({
    queryKey: dealsKeys.activePresets,
    queryFn: ({ signal }) => fetchPresets(signal),
    enabled,
    staleTime: 60_000,
  });
