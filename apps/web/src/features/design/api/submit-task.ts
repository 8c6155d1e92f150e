import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, type TaskParamsInput } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { studioProjectFields } from '../../../shared/studio/studio-project.ts';
import { applyTask, designKeys } from './task-cache.ts';

// A task made in a project's view (the header's picker) says so, unless the caller named one itself.
const submitTask = (body: TaskParamsInput) =>
  call(designEndpoints.submit, { body: { ...studioProjectFields(), ...body } });

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
