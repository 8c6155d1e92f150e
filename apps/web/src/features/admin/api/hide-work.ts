import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { hiddenWorksQueryKey } from './list-hidden-works.ts';
import { moderationQueueQueryKey, withoutQueued, type ModerationQueuePages } from './list-moderation-queue.ts';

const hideWork = (body: { id: string; reason?: string }) => call(communityAdminEndpoints.hideWork, { body });

/** Hides a work: it leaves the queue at once and the hidden list loads it next time. */
export function useHideWork() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: hideWork,
    onSuccess(_, { id }) {
      client.setQueryData<ModerationQueuePages>(moderationQueueQueryKey, (data) => withoutQueued(data, id));
      return client.invalidateQueries({ queryKey: hiddenWorksQueryKey });
    },
  });
}
