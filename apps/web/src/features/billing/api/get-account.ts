import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const getAccount = () => call(billingEndpoints.account);

const accountQueryOptions = () => queryOptions({ queryKey: billingKeys.account, queryFn: getAccount });

/** Cubes, plan time left, VIP state and the payment providers offered. */
export const useAccount = () => useQuery(accountQueryOptions());
