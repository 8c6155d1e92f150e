import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const getFolder = (id: string) => call(workspaceEndpoints.folder, { query: { id } });

const folderQueryOptions = (id: string) =>
  queryOptions({ queryKey: workspaceKeys.folder(id), queryFn: () => getFolder(id) });

/** One folder by id: the one the address names when the loaded pages of the list do not hold it. */
export const useFolder = (id: string | null) => useQuery({ ...folderQueryOptions(id ?? ''), enabled: Boolean(id) });
