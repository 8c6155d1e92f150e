import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type designRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { designKeys } from './task-cache.ts';

export const getBalance = () => call<typeof designRoutes.balance>(designEndpoints.balance);

export const balanceQueryOptions = () => queryOptions({ queryKey: designKeys.balance, queryFn: getBalance });

export const useBalance = () => useQuery(balanceQueryOptions());
