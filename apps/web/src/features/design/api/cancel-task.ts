import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { applyTask } from './task-cache.ts';

const cancelTask = (id: string) => call(designEndpoints.cancel, { body: { id } });

/** Cancels a task; "cannot cancel" (a running task on an engine that cannot stop) is toasted. */
export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTask, onSuccess: (task) => void applyTask(client, task) });
}
