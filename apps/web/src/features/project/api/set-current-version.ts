import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const setCurrent = (body: { viewId: string; imageId: string }) => call(projectEndpoints.versionCurrent, { body });

/** Makes a version its view's current one (what the project shows for the view, and reviewers see). */
export function useSetCurrentVersion(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCurrent,
    onSuccess: (_view, { viewId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.versions(viewId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
        client.invalidateQueries({ queryKey: projectKeys.lists }),
      ]),
  });
}
