import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints, type PresetKey } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { presetPicturesQueryKey } from './list-preset-pictures.ts';

function replacePresetPicture({ preset, file }: { preset: PresetKey; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return call(contentAdminEndpoints.presetReplace, { query: preset, body });
}

export function useReplacePresetPicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replacePresetPicture,
    onSuccess: () => client.invalidateQueries({ queryKey: presetPicturesQueryKey }),
  });
}
