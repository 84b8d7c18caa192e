import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { PresetDetail } from './get-preset';
import { adminKeys, presetPath } from './keys';
import type { Preset } from './list-presets';

export const setDefaultPreset = (id: string) => api.post<PresetDetail>(`${presetPath(id)}/set-default`);

export const useMakeDefaultPreset = () =>
  useApiMutation({
    mutationFn: (preset: Preset) => setDefaultPreset(preset.id),
    invalidates: [adminKeys.all],
    successMessage: (_saved, preset) => `${preset.name} set as default`,
    errorMessage: 'Failed to set default preset',
  });
