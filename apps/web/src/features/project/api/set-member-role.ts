import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type ProjectRole } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const setRole = (body: { projectId: string; userId: string; role: ProjectRole }) =>
  call(projectEndpoints.memberRole, { body });

/** Changes a member's role. */
export function useSetMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: (_member, _err, { projectId }) => client.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}
