import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const removeVersion = (body: { viewId: string; imageId: string }) => call(projectEndpoints.versionRemove, { body });

/** Takes an image out of a view; it stays in its folder. */
export function useRemoveVersion(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeVersion,
    onSuccess: (_ok, { viewId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.versions(viewId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      ]),
  });
}
