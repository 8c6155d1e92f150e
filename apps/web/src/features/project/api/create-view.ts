import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const createView = (body: { projectId: string; name: string }) => call(projectEndpoints.viewCreate, { body });

/** Adds a view to a project; the form shows a rejection on its field, so no toast. */
export function useCreateView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createView,
    meta: { silent: true },
    onSuccess: (_view, { projectId }) => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
