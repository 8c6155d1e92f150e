import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type ProjectRole } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const addMember = (body: { projectId: string; who: string; role: ProjectRole }) =>
  call(projectEndpoints.memberAdd, { body });

/** Invites a user by e-mail or username; the form shows a rejection on its field, so no toast. */
export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    meta: { silent: true },
    onSuccess: (_member, { projectId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      ]),
  });
}
