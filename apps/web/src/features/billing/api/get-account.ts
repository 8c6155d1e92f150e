import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints, type billingRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

export const getAccount = () => call<typeof billingRoutes.account>(billingEndpoints.account);

export const accountQueryOptions = () => queryOptions({ queryKey: billingKeys.account, queryFn: getAccount });

/** Cubes, plan time left, VIP state and the payment providers offered. */
export const useAccount = () => useQuery(accountQueryOptions());
