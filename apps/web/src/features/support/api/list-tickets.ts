import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportEndpoints, type supportRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const listTickets = () => call<typeof supportRoutes.list>(supportEndpoints.list);

export const ticketsQueryKey = ['support', 'tickets'] as const;

export const ticketsQueryOptions = () => queryOptions({ queryKey: ticketsQueryKey, queryFn: listTickets });

export const useTickets = () => useQuery(ticketsQueryOptions());
