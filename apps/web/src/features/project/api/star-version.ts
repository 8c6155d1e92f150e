import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type ProjectVersion } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const starVersion = (body: { viewId: string; imageId: string; starred: boolean }) =>
  call(projectEndpoints.versionStar, { body });

/** Stars a version as a pick or takes the star off; the tree shows it at once. */
export function useStarVersion(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: starVersion,
    onSuccess(version, { viewId }) {
      client.setQueryData<{ versions: ProjectVersion[] }>(projectKeys.versions(viewId), (old) =>
        old ? { versions: old.versions.map((v) => (v.imageId === version.imageId ? version : v)) } : old,
      );
      return client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}
