import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const createFolder = (name: string) => call(workspaceEndpoints.folderCreate, { body: { name } });

/** Creates a folder; the form shows a rejection on its field, so no toast. */
export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.folders }),
  });
}
