import { useMutation } from '@tanstack/react-query';
import { uploadEndpoints, type uploadRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export function uploadScreenshot(file: File) {
  const body = new FormData();
  body.append('file', file);
  return call<typeof uploadRoutes.image>(uploadEndpoints.image, { query: { kind: 'support' }, body });
}

export const useUploadScreenshot = () => useMutation({ mutationFn: uploadScreenshot });
