import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listDeliveries = (id: string, cursor?: string) =>
  call(developerEndpoints.webhookDeliveries, { query: { id, limit: 20, ...(cursor ? { cursor } : {}) } });

const webhookDeliveriesQueryKey = (id: string) => ['developer', 'webhooks', 'deliveries', id] as const;

const webhookDeliveriesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ pageParam }) => listDeliveries(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** An endpoint's deliveries, newest first, a page at a time; none asked for while `id` is null. */
export const useWebhookDeliveries = (id: string | null) =>
  useInfiniteQuery({ ...webhookDeliveriesQueryOptions(id ?? ''), enabled: id !== null });
