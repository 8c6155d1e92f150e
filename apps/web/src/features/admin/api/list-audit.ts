import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminConsoleEndpoints, type AuditQuery } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listAudit = (filter: AuditQuery, cursor?: string) =>
  call(adminConsoleEndpoints.audit, { query: { ...filter, ...(cursor ? { cursor } : {}) } });

export const auditQueryKey = ['admin', 'audit'] as const;

const auditQueryOptions = (filter: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: [...auditQueryKey, filter],
    queryFn: ({ pageParam }) => listAudit(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The audit trail, newest first, a page at a time. */
export const useAudit = (filter: AuditQuery) => useInfiniteQuery(auditQueryOptions(filter));
