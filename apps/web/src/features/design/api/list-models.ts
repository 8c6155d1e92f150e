import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const listModels = () => call(designEndpoints.models);

// The catalogue changes only when the operator changes the server's settings: an hour is fresh enough.
const modelsQueryOptions = () =>
  queryOptions({ queryKey: ['design', 'models'] as const, queryFn: listModels, staleTime: 3_600_000 });

/** The models a user may pick, with names, price, what each can do and whether this server runs it. */
export const useModels = () => useQuery(modelsQueryOptions());
