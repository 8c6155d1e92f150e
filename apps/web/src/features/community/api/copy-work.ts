import { communityEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/**
 * Copy parameters with the work's images: the server copies the base, reference, depth, line-art
 * and mask images into the caller's uploads. Asked for on click, never cached.
 */
export const copyWork = (id: string) => call(communityEndpoints.copy, { body: { id } });
