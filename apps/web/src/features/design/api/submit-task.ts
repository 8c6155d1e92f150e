import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, type TaskParamsInput } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { applyTask, designKeys } from './task-cache.ts';

const submitTask = (body: TaskParamsInput) => call(designEndpoints.submit, { body });

/** Submits a task; insufficient balance and the like come back as ApiError codes for the form. */
export function useSubmitTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitTask,
    meta: { silent: true },
    onSuccess(task) {
      applyTask(client, task);
      void client.invalidateQueries({ queryKey: designKeys.cost });
    },
  });
}
