import { z } from 'zod';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { commentBody, PROJECT_LIMITS, projectComment, reviewProject } from './project.ts';
import { reviewEndpoints } from './project.endpoints.ts';
import { route } from './route.ts';

/** A review link's token: 32 random bytes in base64url (43 characters). */
export const REVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const token = z.string().regex(REVIEW_TOKEN_PATTERN, 'REVIEW_LINK_INVALID');
const password = z
  .string()
  .max(PROJECT_LIMITS.reviewPasswordMax, 'REVIEW_PASSWORD_WRONG')
  .refine(isStorableText, INVALID_CHAR)
  .optional();

export const reviewRoutes = {
  reviewOpen: route({
    ...reviewEndpoints.reviewOpen,
    body: z.object({ token, password }).strict(),
    response: reviewProject,
    summary:
      'A project’s current versions and comments through a review link (no account; a password when the link has one)',
  }),
  reviewComment: route({
    ...reviewEndpoints.reviewComment,
    body: z
      .object({
        token,
        password,
        imageId: z.uuid('IMAGE_NOT_FOUND'),
        x: z.number().min(0, 'VALIDATION').max(1, 'VALIDATION'),
        y: z.number().min(0, 'VALIDATION').max(1, 'VALIDATION'),
        body: commentBody,
        name: textField(PROJECT_LIMITS.guestNameMax, 'GUEST_NAME_REQUIRED').pipe(
          z.string().min(1, 'GUEST_NAME_REQUIRED'),
        ),
      })
      .strict(),
    response: projectComment,
    summary: 'Pins a guest’s comment on one of the link’s images; the owner is told in the app and by e-mail',
  }),
};
