import { useMutation } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const extractLineArt = (imageId: string) => call(designEndpoints.lineArt, { body: { imageId } });

export const useExtractLineArt = () => useMutation({ mutationFn: extractLineArt });
