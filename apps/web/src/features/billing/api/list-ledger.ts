import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const listLedger = (cursor?: string) => call(billingEndpoints.ledger, { query: cursor ? { cursor } : {} });

const ledgerQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: billingKeys.ledger,
    queryFn: ({ pageParam }) => listLedger(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's balance history, newest first, a page at a time. */
export const useLedger = () => useInfiniteQuery(ledgerQueryOptions());
