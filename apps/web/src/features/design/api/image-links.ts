import { uploadEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Fresh links to the user's own images; the ones that no longer exist are left out. */
export const getImageLinks = (ids: string[]) => call(uploadEndpoints.images, { body: { ids } });
