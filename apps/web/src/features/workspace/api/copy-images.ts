import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const copyImages = (body: { ids: string[]; folderId: string }) => call(workspaceEndpoints.imageCopy, { body });

export function useCopyImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyImages,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
