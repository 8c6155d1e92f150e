import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** Folders a page: a screenful of the list, more as it scrolls. */
const FOLDERS_PAGE = 50;

const listFolders = (cursor?: string) =>
  call(workspaceEndpoints.folders, { query: { limit: FOLDERS_PAGE, ...(cursor && { cursor }) } });

const foldersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.folders,
    queryFn: ({ pageParam }) => listFolders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's folders, the default one first, then newest first, a page at a time. */
export const useFolders = () => useInfiniteQuery(foldersQueryOptions());
