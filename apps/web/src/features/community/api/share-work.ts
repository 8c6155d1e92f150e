import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type WorkDetail } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { communityKeys } from './keys.ts';

const shareWork = (id: string) => call(communityEndpoints.share, { body: { id } });

/** The work's public link from the server (which counts the share). */
export function useShareWork() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: shareWork,
    onSuccess: ({ shareCount }, id) =>
      client.setQueryData<WorkDetail>(communityKeys.detail(id), (w) => w && { ...w, shareCount }),
  });
}
