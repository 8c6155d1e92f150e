import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const projectFromFolder = (body: CallBody<typeof projectEndpoints.projectFromFolder>) =>
  call(projectEndpoints.projectFromFolder, { body });

/** Turns a folder into a project with one view holding its images; the folder stays. */
export function useProjectFromFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: projectFromFolder,
    meta: { silent: true },
    onSuccess(project) {
      client.setQueryData(projectKeys.detail(project.id), project);
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
