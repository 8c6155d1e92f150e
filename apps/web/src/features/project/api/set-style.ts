import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

const setStyle = (body: CallBody<typeof projectEndpoints.styleSet>) => call(projectEndpoints.styleSet, { body });

/** Sets the project's style and whether its tasks use it; the editor shows a rejection itself. */
export function useSetStyle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setStyle,
    meta: { silent: true },
    onSuccess: (project) => client.setQueryData(projectKeys.detail(project.id), project),
  });
}
