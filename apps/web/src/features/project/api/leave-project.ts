import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const leaveProject = (id: string) => call(projectEndpoints.projectLeave, { body: { id } });

/** Leaves a project the user is a member of. */
export function useLeaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveProject,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: projectKeys.detail(id) });
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
