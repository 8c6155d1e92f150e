import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const removeMember = (body: { projectId: string; userId: string }) => call(projectEndpoints.memberRemove, { body });

/** Removes a member; their access ends at once. */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_ok, { projectId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      ]),
  });
}
