import { queryOptions } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { designKeys } from './task-cache.ts';

const getTask = (id: string) => call(designEndpoints.get, { query: { id } });

export const taskQueryOptions = (id: string) =>
  queryOptions({ queryKey: designKeys.task(id), queryFn: () => getTask(id) });
