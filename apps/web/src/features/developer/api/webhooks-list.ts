import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listWebhooks = () => call(developerEndpoints.webhooks);

export const webhooksQueryKey = ['developer', 'webhooks'] as const;

const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: listWebhooks });

/** The user's webhook endpoints (never their secrets), newest first, each with its last delivery. */
export const useWebhooks = () => useQuery(webhooksQueryOptions());
