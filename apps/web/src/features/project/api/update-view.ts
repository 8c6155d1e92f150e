import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const updateView = (body: CallBody<typeof projectEndpoints.viewUpdate>) => call(projectEndpoints.viewUpdate, { body });

/** Renames a view or moves it in the project's order; the caller says which project to refresh. */
export function useUpdateView(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateView,
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
