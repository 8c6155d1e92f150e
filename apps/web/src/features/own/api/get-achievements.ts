import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ownKeys } from './own-keys.ts';

const getAchievements = (userId: string) => call(creatorEndpoints.achievement, { query: { userId } });

const achievementsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ownKeys.achievements(userId), queryFn: () => getAchievements(userId) });

/** A user's achievements, unlocked or in progress. */
export const useAchievements = (userId: string) => useQuery(achievementsQueryOptions(userId));
