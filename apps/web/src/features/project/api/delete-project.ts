import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const deleteProject = (id: string) => call(projectEndpoints.projectDelete, { body: { id } });

/** Deletes a project (its owner); its images stay in their folders. */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: projectKeys.detail(id) });
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
