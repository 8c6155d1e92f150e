import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const createProject = (body: CallBody<typeof projectEndpoints.projectCreate>) =>
  call(projectEndpoints.projectCreate, { body });

/** Creates a project with its first views; the form shows a rejection on its fields, so no toast. */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    meta: { silent: true },
    onSuccess(project) {
      client.setQueryData(projectKeys.detail(project.id), project);
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
