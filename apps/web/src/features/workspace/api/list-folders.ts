import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceEndpoints, type workspaceRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

export const listFolders = () => call<typeof workspaceRoutes.folders>(workspaceEndpoints.folders);

export const foldersQueryOptions = () => queryOptions({ queryKey: workspaceKeys.folders, queryFn: listFolders });

/** The user's folders, the default one first. */
export const useFolders = () => useQuery(foldersQueryOptions());
