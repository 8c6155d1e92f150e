import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const moveImages = (body: { ids: string[]; folderId: string }) => call(workspaceEndpoints.imageMove, { body });

export function useMoveImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveImages,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
