import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { hiddenWorksQueryKey, type HiddenWorkPages } from './list-hidden-works.ts';

const restoreWork = (id: string) => call(communityAdminEndpoints.restoreWork, { body: { id } });

/** Publishes a hidden work again: it leaves the hidden list at once. */
export function useRestoreWork() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: restoreWork,
    onSuccess(_, id) {
      client.setQueryData<HiddenWorkPages>(
        hiddenWorksQueryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.work.id !== id) })),
          },
      );
    },
  });
}
