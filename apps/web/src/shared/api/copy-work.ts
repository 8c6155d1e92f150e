import { communityEndpoints } from '@turing/contract';
import { call } from '../http/client.ts';

/**
 * Copy parameters with the work's images: the server copies the base, reference, depth, line-art
 * and mask images into the caller's uploads (none when the creator hid the parameters). Asked for
 * on click, never cached.
 */
export const copyWork = (id: string) => call(communityEndpoints.copy, { body: { id } });

/** An image as the studio keeps it in a slot. */
interface CopiedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

const SLOTS = ['base', 'reference', 'depth', 'lineArt'] as const;

/** A copy's images as the studio takes them: the slot images, and a step edit's mask apart. */
export function copiedImages(images: Awaited<ReturnType<typeof copyWork>>['images']) {
  const pick = (image: CopiedImage | undefined) =>
    image && { id: image.id, url: image.url, width: image.width, height: image.height };
  const slots: Partial<Record<(typeof SLOTS)[number], CopiedImage>> = {};
  for (const slot of SLOTS) {
    const image = pick(images[slot]);
    if (image) slots[slot] = image;
  }
  return { slots, mask: pick(images.mask) };
}
