import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints, type BannerUpdateBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { bannersQueryKey } from './list-banners.ts';

const updateBanner = (body: BannerUpdateBody) => call(contentAdminEndpoints.bannerUpdate, { body });

export function useUpdateBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
