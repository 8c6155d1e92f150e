import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const deleteFolder = (body: { id: string; images: 'move' | 'delete' }) =>
  call(workspaceEndpoints.folderDelete, { body });

/** Deletes a folder; its images move to the default folder or go with it. */
export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
