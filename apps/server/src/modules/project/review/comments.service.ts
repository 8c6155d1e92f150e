import { PROJECT_LIMITS, type ProjectComment } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { allows } from '../project-access.ts';
import { toComment } from './review.mappers.ts';
import { isPin } from './review.rules.ts';
import type { ReviewContext } from './review-context.ts';

/** Who is calling: the session's user. */
export interface Member {
  id: string;
  nickname: string;
}

/**
 * Members' pinned comments: read by every member (which marks them read, the notice in the app),
 * written by commenters and up, resolved by editors and up, deleted by their author or the owner.
 */
export function createCommentsService(ctx: ReviewContext) {
  const { comments, review } = ctx;
  const view = (userId: string, owner: boolean) => (row: Parameters<typeof toComment>[0]) =>
    toComment(row, { userId, owner }, (key) => ctx.imageUrl(key));

  /** A comment and the caller's access to its project; unknown when they may not open it. */
  async function commentFor(userId: string, id: string) {
    const comment = await comments.find(id);
    const access = comment ? await ctx.access(comment.projectId, userId) : null;
    if (!comment || !access) throw new AppError('COMMENT_NOT_FOUND');
    return { comment, access };
  }

  return {
    /** Comments of the project the user has not read (the notice in the app): newer than their last reading, not their own. */
    unreadComments: (projectId: string, userId: string) => review.unreadCount(projectId, userId),

    async comments(user: Member, q: { projectId: string; imageId?: string }): Promise<{ comments: ProjectComment[] }> {
      const access = await ctx.require(q.projectId, user.id, 'viewer');
      const rows = await comments.list(q.projectId, q.imageId ? [q.imageId] : undefined);
      // Reading the comments is what clears the project's notice for this member.
      await review.markRead(q.projectId, user.id, ctx.now());
      return { comments: rows.map(view(user.id, access === 'owner')) };
    },

    async commentCreate(
      user: Member,
      body: { projectId: string; imageId: string; x: number; y: number; body: string },
    ): Promise<ProjectComment> {
      if (!isPin(body.x, body.y)) throw new AppError('VALIDATION');
      const access = await ctx.require(body.projectId, user.id, 'commenter');
      const viewId = await review.viewOfImage(body.projectId, body.imageId);
      if (!viewId) throw new AppError('IMAGE_NOT_FOUND');
      const max = PROJECT_LIMITS.commentsPerProject;
      const row = await comments.insert(
        {
          projectId: body.projectId,
          viewId,
          imageId: body.imageId,
          authorId: user.id,
          authorName: user.nickname,
          body: body.body,
          x: body.x,
          y: body.y,
          createdAt: ctx.now(),
        },
        max,
      );
      if (!row) throw new AppError('COMMENT_LIMIT', { params: { max } });
      return view(user.id, access === 'owner')(row);
    },

    async commentResolve(user: Member, body: { id: string; resolved: boolean }): Promise<ProjectComment> {
      const { comment, access } = await commentFor(user.id, body.id);
      if (!allows(access, 'editor')) throw new AppError('PROJECT_FORBIDDEN', { params: { role: access } });
      // Resolving again keeps the first time it was resolved.
      const resolvedAt = body.resolved ? (comment.resolvedAt ?? ctx.now()) : null;
      const row = await comments.setResolved(body.id, resolvedAt);
      if (!row) throw new AppError('COMMENT_NOT_FOUND');
      return view(user.id, access === 'owner')(row);
    },

    async commentDelete(user: Member, id: string) {
      const { comment, access } = await commentFor(user.id, id);
      const author = comment.authorId !== null && comment.authorId === user.id;
      if (!author && access !== 'owner') throw new AppError('PROJECT_FORBIDDEN', { params: { role: access } });
      await comments.remove(id);
      return { ok: true as const };
    },
  };
}
