import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { bannersQueryKey } from './list-banners.ts';

const reorderBanners = (ids: string[]) => call(contentAdminEndpoints.bannerReorder, { body: { ids } });

export function useReorderBanners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderBanners,
    // The answer is the whole list in its new order.
    onSuccess: (list) => client.setQueryData(bannersQueryKey, list),
  });
}
