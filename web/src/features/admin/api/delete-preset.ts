import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, presetPath } from './keys';
import type { Preset } from './list-presets';

export const deletePreset = (id: string) => api.delete<unknown>(presetPath(id));

export const useDeletePreset = (onDone: () => void) =>
  useApiMutation({
    mutationFn: (preset: Preset) => deletePreset(preset.id),
    invalidates: [adminKeys.all],
    successMessage: 'Preset deleted',
    errorMessage: 'Failed to delete preset',
    onSuccess: () => onDone(),
  });
