import { PROJECT_LIMITS, type ReviewLink } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { toReviewLink } from './review.mappers.ts';
import { expiryFor, linkIdOfScope, tokenDigest } from './review.rules.ts';
import type { ReviewContext } from './review-context.ts';

/** The owner's review links: made, listed and revoked. */
export function createReviewLinksService(ctx: ReviewContext) {
  const { review } = ctx;
  return {
    async reviewLinks(userId: string, projectId: string): Promise<{ links: ReviewLink[] }> {
      await ctx.require(projectId, userId, 'owner');
      const now = ctx.now();
      return { links: (await review.listLinks(projectId)).map((row) => toReviewLink(row, now)) };
    },

    /**
     * Makes a link. Its token exists only in this answer: the database keeps its SHA-256, and the
     * password, when one is set, as an argon2id hash.
     */
    async reviewLinkCreate(
      userId: string,
      body: { projectId: string; label: string; expiresInDays: number | null; password?: string },
    ): Promise<{ link: ReviewLink; token: string }> {
      await ctx.require(body.projectId, userId, 'owner');
      const now = ctx.now();
      const token = ctx.newToken();
      const passwordHash = body.password ? await ctx.passwords.hash(body.password) : null;
      const max = PROJECT_LIMITS.reviewLinksPerProject;
      const row = await review.insertLink(
        {
          projectId: body.projectId,
          tokenHash: tokenDigest(token),
          label: body.label,
          passwordHash,
          expiresAt: expiryFor(body.expiresInDays, now),
          createdBy: userId,
          createdAt: now,
        },
        max,
        now,
      );
      if (!row) throw new AppError('REVIEW_LINK_LIMIT', { params: { max } });
      return { link: toReviewLink({ ...row, commentCount: 0 }, now), token };
    },

    /**
     * Revokes a link at once: the next request through it, and through every image address it
     * handed out, is refused. A link of a project the caller may not open is as unknown as any.
     */
    async reviewLinkRevoke(userId: string, id: string) {
      const link = await review.findLink(id);
      const access = link ? await ctx.access(link.projectId, userId) : null;
      if (!link || !access) throw new AppError('REVIEW_LINK_INVALID');
      if (access !== 'owner') throw new AppError('PROJECT_FORBIDDEN', { params: { role: access } });
      await review.revokeLink(id, ctx.now());
      return { ok: true as const };
    },

    /** Whether an image address signed for a review link may still be served (the files route asks). */
    async reviewScopeValid(scope: string) {
      const linkId = linkIdOfScope(scope);
      return linkId ? review.isLive(linkId, ctx.now()) : false;
    },
  };
}
