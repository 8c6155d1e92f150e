import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const renameFolder = (body: { id: string; name: string }) => call(workspaceEndpoints.folderRename, { body });

/** Renames a folder; the form shows a rejection on its field, so no toast. */
export function useRenameFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.folders }),
  });
}
