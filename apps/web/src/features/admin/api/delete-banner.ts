import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { bannersQueryKey } from './list-banners.ts';

const deleteBanner = (id: string) => call(contentAdminEndpoints.bannerDelete, { body: { id } });

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
