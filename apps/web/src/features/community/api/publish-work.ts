import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type communityRoutes, type RouteBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

type PublishInput = RouteBody<typeof communityRoutes.publish>;

const publishWork = (body: PublishInput) => call(communityEndpoints.publish, { body });

/** Publishes a result image (again: updates its work); the gallery shows it on its next load. */
export function usePublishWork() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: publishWork,
    onSuccess: (work) => {
      client.setQueryData(communityKeys.detail(work.id), work);
      void client.invalidateQueries({ queryKey: communityKeys.works, refetchType: 'none' });
    },
  });
}
