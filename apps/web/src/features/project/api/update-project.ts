import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const updateProject = (body: CallBody<typeof projectEndpoints.projectUpdate>) =>
  call(projectEndpoints.projectUpdate, { body });

/** Renames a project, edits its note or sets its cover; the form shows a rejection, so no toast. */
export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    meta: { silent: true },
    onSuccess(project) {
      client.setQueryData(projectKeys.detail(project.id), project);
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
