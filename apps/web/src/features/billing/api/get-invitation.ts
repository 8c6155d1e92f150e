import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const getInvitation = () => call(billingEndpoints.invitation);

const invitationQueryOptions = () => queryOptions({ queryKey: billingKeys.invitation, queryFn: getInvitation });

/** The user's own invitation code and link, who invited them, and how many they invited. */
export const useInvitation = () => useQuery(invitationQueryOptions());
