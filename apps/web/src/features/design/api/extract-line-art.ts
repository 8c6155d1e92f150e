import { useMutation } from '@tanstack/react-query';
import { designEndpoints, type designRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const extractLineArt = (imageId: string) =>
  call<typeof designRoutes.lineArt>(designEndpoints.lineArt, { body: { imageId } });

export const useExtractLineArt = () => useMutation({ mutationFn: extractLineArt });
