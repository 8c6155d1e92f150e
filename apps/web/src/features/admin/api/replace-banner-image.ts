import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { bannersQueryKey } from './list-banners.ts';

function replaceBannerImage({ id, file }: { id: string; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return call(contentAdminEndpoints.bannerImage, { query: { id }, body });
}

export function useReplaceBannerImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replaceBannerImage,
    onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
