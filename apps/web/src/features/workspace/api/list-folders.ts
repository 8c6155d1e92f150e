import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

export const listFolders = () => call(workspaceEndpoints.folders);

export const foldersQueryOptions = () => queryOptions({ queryKey: workspaceKeys.folders, queryFn: listFolders });

/** The user's folders, the default one first. */
export const useFolders = () => useQuery(foldersQueryOptions());
