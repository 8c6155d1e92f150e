import { queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints, type designRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const wordPackagesKey = ['design', 'word-packages'] as const;

export const listWordPackages = () => call<typeof designRoutes.wordPackages>(designEndpoints.wordPackages);

export const wordPackagesQueryOptions = () => queryOptions({ queryKey: wordPackagesKey, queryFn: listWordPackages });

export const useWordPackages = () => useQuery(wordPackagesQueryOptions());
