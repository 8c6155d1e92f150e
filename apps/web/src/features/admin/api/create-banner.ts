import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAdminEndpoints, type BannerBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { bannersQueryKey } from './list-banners.ts';

/** A new banner: its fields as JSON beside its picture, in one multipart form. */
function createBanner({ banner, file }: { banner: BannerBody; file: File }) {
  const body = new FormData();
  body.append('data', JSON.stringify(banner));
  body.append('file', file);
  return call(contentAdminEndpoints.bannerCreate, { body });
}

export function useCreateBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
