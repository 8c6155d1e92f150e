import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type communityRoutes, type RouteBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

type UpdateInput = RouteBody<typeof communityRoutes.update>;

const updateWork = (body: UpdateInput) => call(communityEndpoints.update, { body });

/** Changes one's own work's text, tags or hide-parameters. */
export function useUpdateWork() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: updateWork,
    onSuccess: (work) => {
      client.setQueryData(communityKeys.detail(work.id), work);
      void client.invalidateQueries({ queryKey: communityKeys.works, refetchType: 'none' });
    },
  });
}
