import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints, type workspaceRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

export const copyImages = (body: { ids: string[]; folderId: string }) =>
  call<typeof workspaceRoutes.imageCopy>(workspaceEndpoints.imageCopy, { body });

export function useCopyImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyImages,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
