import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listPresetPictures = () => call(contentAdminEndpoints.presets);

export const presetPicturesQueryKey = ['admin', 'content', 'presets'] as const;

const presetPicturesQueryOptions = () =>
  queryOptions({ queryKey: presetPicturesQueryKey, queryFn: listPresetPictures });

/** The style and material presets with the picture the studio shows for each. */
export const usePresetPictures = () => useQuery(presetPicturesQueryOptions());
