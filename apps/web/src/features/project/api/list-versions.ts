import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { projectKeys } from './project-keys.ts';

/**
 * How often an open view asks again: results a colleague (or the user in another tab) makes in the
 * view join it while the page is open. Hidden tabs do not ask.
 */
const REFRESH_MS = 30_000;

const listVersions = (viewId: string) => call(projectEndpoints.versions, { query: { viewId } });

export const versionsQueryOptions = (viewId: string) =>
  queryOptions({
    queryKey: projectKeys.versions(viewId),
    queryFn: () => listVersions(viewId),
    refetchInterval: REFRESH_MS,
  });

/** Every image of a view, oldest first, with what each came from; off while `viewId` is null. */
export const useVersions = (viewId: string | null) =>
  useQuery({ ...versionsQueryOptions(viewId ?? ''), enabled: Boolean(viewId) });
