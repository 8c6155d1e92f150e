import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ticketsQueryKey, type TicketPages } from './list-tickets.ts';

export const getTicket = (id: string) => call(supportEndpoints.detail, { query: { id } });

export const ticketQueryKey = (id: string) => ['support', 'ticket', id] as const;

export const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ticketQueryKey(id), queryFn: () => getTicket(id), retry: false });

/** One ticket with its conversation; reading it clears its unread mark in the cached list too. */
export function useTicket(id: string | null) {
  const client = useQueryClient();
  const query = useQuery({ ...ticketQueryOptions(id ?? ''), enabled: id !== null });
  const readId = query.data?.id;
  useEffect(() => {
    if (!readId) return;
    client.setQueryData<TicketPages>(
      ticketsQueryKey,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((x) => (x.id === readId && x.unread ? { ...x, unread: false } : x)),
          })),
        },
    );
  }, [client, readId]);
  return query;
}
