import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { workspaceEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const IMAGES_PAGE = 24;

const listImages = (folderId: string, cursor?: string) =>
  call(workspaceEndpoints.images, {
    query: { folderId, limit: IMAGES_PAGE, ...(cursor && { cursor }) },
  });

const imagesQueryOptions = (folderId: string) =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.images(folderId),
    queryFn: ({ pageParam }) => listImages(folderId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The images of one folder, newest first, a page at a time. */
export const useImages = (folderId: string | null) =>
  useInfiniteQuery({ ...imagesQueryOptions(folderId ?? ''), enabled: Boolean(folderId) });
