import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const unpublishWork = (id: string) => call(communityEndpoints.unpublish, { body: { id } });

/** Takes one's own work out of the community; the image stays in the workspace. */
export function useUnpublishWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unpublishWork,
    onSuccess: (_data, id) => {
      void client.invalidateQueries({ queryKey: communityKeys.detail(id) });
      void client.invalidateQueries({ queryKey: communityKeys.works, refetchType: 'none' });
    },
  });
}
