import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const guideKey = ['design', 'guide'] as const;

const getGuide = () => call(userEndpoints.guideGet);

const guideQueryOptions = () => queryOptions({ queryKey: guideKey, queryFn: getGuide, staleTime: Infinity });

/** Beginner-guide progress of the user ({ progress: { design: true } } once the studio tour is done). */
export const useGuide = () => useQuery(guideQueryOptions());
