import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { PresetDetail } from './get-preset';
import { adminKeys, presetPath } from './keys';
import type { Preset } from './list-presets';

export interface PresetPayload {
  name: string;
  description: string;
  catalog_item_ids: string[];
  is_default: boolean;
  active: boolean;
}

export const createPreset = (body: PresetPayload) => api.post<PresetDetail>('/admin/presets', body);
export const updatePreset = (id: string, body: PresetPayload) => api.put<PresetDetail>(presetPath(id), body);

export const useSavePreset = (preset: Preset | null | undefined, onDone: () => void) =>
  useApiMutation({
    mutationFn: (body: PresetPayload) => (preset ? updatePreset(preset.id, body) : createPreset(body)),
    invalidates: [adminKeys.all],
    successMessage: preset ? 'Preset updated' : 'Preset created',
    errorMessage: 'Failed to save preset',
    onSuccess: () => onDone(),
  });
