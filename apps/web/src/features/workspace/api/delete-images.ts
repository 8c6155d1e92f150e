import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const deleteImages = (ids: string[]) => call(workspaceEndpoints.imageDelete, { body: { ids } });

export function useDeleteImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteImages,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
