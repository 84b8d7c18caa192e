import { useDeleteMutation } from '../../../lib/mutation';
import { adminKeys, presetPath } from './keys';
import type { Preset } from './list-presets';

export const useDeletePreset = (onDone: () => void) =>
  useDeleteMutation({
    path: (preset: Preset) => presetPath(preset.id),
    invalidates: [adminKeys.all],
    successMessage: 'Preset deleted',
    errorMessage: 'Failed to delete preset',
    onDone,
  });
