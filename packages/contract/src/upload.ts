import { z } from 'zod';
import { route } from './route.ts';
import { uploadEndpoints } from './upload.endpoints.ts';

/** What an uploaded image is for; generation adds its kinds to the same module. */
export const UPLOAD_KINDS = ['base', 'ref', 'depth', 'line-art', 'mask', 'avatar', 'support'] as const;
export const uploadKind = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof uploadKind>;

export const uploadQuery = z.object({ kind: uploadKind });

/**
 * An image's thumbnails by width, narrowest first, for an <img> srcset (`url <width>w`): a small one
 * for cards about 300 px wide, then the one `thumbUrl` names; an image that is its own thumbnail
 * lists itself alone. Optional where it is used, so a client keeps working with `thumbUrl` alone.
 */
export const thumbSet = z.array(z.object({ url: z.string(), width: z.number().int() }));
export type ThumbSet = z.infer<typeof thumbSet>;

export const uploadedImage = z.object({
  id: z.string(),
  kind: uploadKind,
  url: z.string(),
  /** A small webp of the image for grids and pickers; null for avatars, which are small already. */
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** Fresh links to the caller's own images, e.g. for a studio draft restored after its links expired. */
export const imageLinksBody = z
  .object({ ids: z.array(z.uuid('VALIDATION')).min(1, 'VALIDATION').max(8, 'VALIDATION') })
  .strict();
export const imageLinks = z.object({
  /** The images that still exist and belong to the caller, in the order asked; others are left out. */
  items: z.array(z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() })),
});
export type ImageLinks = z.infer<typeof imageLinks>;

export const uploadRoutes = {
  image: route({
    ...uploadEndpoints.image,
    query: uploadQuery,
    response: uploadedImage,
    summary: 'Uploads one png or jpeg image (multipart field "file", at most 5MB), checked by its content',
  }),
  images: route({
    ...uploadEndpoints.images,
    body: imageLinksBody,
    response: imageLinks,
    summary: "Fresh links to the caller's own images; unknown, removed or others' images are left out",
  }),
};
