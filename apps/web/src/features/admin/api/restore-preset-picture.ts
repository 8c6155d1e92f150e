import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints, type PresetKey } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { presetPicturesQueryKey } from './list-preset-pictures.ts';

const restorePresetPicture = (preset: PresetKey) => call(contentAdminEndpoints.presetRestore, { body: preset });

export function useRestorePresetPicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restorePresetPicture,
    onSuccess: () => client.invalidateQueries({ queryKey: presetPicturesQueryKey }),
  });
}
