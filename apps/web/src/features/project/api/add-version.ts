import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { uploadImage } from '../../../shared/api/upload-image.ts';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

/** A view's base image from a file: uploaded first, then added to the view. */
const addBaseImage = async ({ viewId, file }: { viewId: string; file: File }) => {
  const image = await uploadImage(file, 'base');
  return call(projectEndpoints.versionAdd, { body: { viewId, imageId: image.id, kind: 'base' } });
};

/** Adds a sketch, white model or photo to a view as a base image. */
export function useAddBaseImage(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addBaseImage,
    onSuccess: (_version, { viewId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.versions(viewId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      ]),
  });
}
