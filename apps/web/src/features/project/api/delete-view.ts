import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const deleteView = (id: string) => call(projectEndpoints.viewDelete, { body: { id } });

/** Deletes a view; its images stay in their folders. */
export function useDeleteView(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteView,
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
