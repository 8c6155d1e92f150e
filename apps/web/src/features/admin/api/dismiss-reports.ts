import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityAdminEndpoints, type DismissReportsBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { moderationQueueQueryKey, withoutQueued, type ModerationQueuePages } from './list-moderation-queue.ts';

const dismissReports = (body: DismissReportsBody) => call(communityAdminEndpoints.dismissReports, { body });

/** Dismisses a work's open reports: it leaves the queue at once, the work stays as it is. */
export function useDismissReports() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: dismissReports,
    onSuccess(_, { workId }) {
      client.setQueryData<ModerationQueuePages>(moderationQueueQueryKey, (data) => withoutQueued(data, workId));
    },
  });
}
