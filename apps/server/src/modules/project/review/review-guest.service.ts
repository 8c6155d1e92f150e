import { createHash } from 'node:crypto';
import { PROJECT_LIMITS, type ProjectComment, type ReviewProject } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { toComment } from './review.mappers.ts';
import type { FoundLink } from './review.repository.ts';
import {
  commentsNotice,
  isPin,
  linkState,
  OPENED_TOUCH_MS,
  openedIsStale,
  PASSWORD_MEMORY_MS,
  REVIEW_MAIL_WINDOW_MS,
  REVIEW_THROTTLE,
  reviewScope,
  tokenDigest,
} from './review.rules.ts';
import type { ReviewContext } from './review-context.ts';

/** Correct passwords remembered at once, at most: the oldest is forgotten first. */
const PASSWORD_MEMORY_MAX = 5000;

/** What a guest sends with every call: the link's token and, for a link with one, its password. */
export interface GuestPass {
  token: string;
  password?: string;
  /** The caller's address, for the per-address limits. */
  ip: string;
}

/**
 * What a review link's guest sees and writes. The guest has no account and no session: the token
 * (and the password) in each request's body is all that opens the project, and only its views'
 * current images and their comments.
 */
export function createGuestReviewService(ctx: ReviewContext) {
  const { review, comments, limits } = ctx;
  /** Passwords found right lately, by a digest of link, address and password, with when that stops counting. */
  const rightPasswords = new Map<string, number>();

  const guestView = (row: Parameters<typeof toComment>[0]) => toComment(row, 'guest', (key) => ctx.imageUrl(key));

  /**
   * The link behind a token, if it is live. An unknown, revoked or expired link gets one answer after
   * the same work (one digest, one indexed read), so a guesser learns nothing from either.
   */
  async function liveLink(pass: GuestPass): Promise<FoundLink> {
    const link = await review.findByDigest(tokenDigest(pass.token));
    if (!link || linkState(link, ctx.now()) !== 'live') throw new AppError('REVIEW_LINK_INVALID');
    await checkPassword(link, pass);
    return link;
  }

  /**
   * A link's password, throttled per link and per address before argon2 runs: each attempt is
   * counted in one atomic statement first, so attempts at once cannot all slip under the limit. A
   * password found right is remembered for a while for its address, so a guest's later calls neither
   * wait for argon2 again nor count against the link.
   */
  async function checkPassword(link: FoundLink, pass: GuestPass) {
    if (!link.passwordHash) return;
    if (!pass.password) throw new AppError('REVIEW_PASSWORD_REQUIRED');
    // Remembered for the address it came from only: anywhere else a right password would answer at
    // once on a locked link, and tell a guesser which guess was right.
    const memo = createHash('sha256')
      .update(`${link.id}\n${pass.ip}\n${link.passwordHash}\n${pass.password}`)
      .digest('hex');
    const now = ctx.now().getTime();
    if ((rightPasswords.get(memo) ?? 0) > now) return;
    const { passwordPerAddress: perAddress, passwordPerLink: perLink } = REVIEW_THROTTLE;
    await limits.consume(`review:password:ip:${pass.ip}`, perAddress.max, perAddress.windowMs);
    await limits.consume(`review:password:link:${link.id}`, perLink.max, perLink.windowMs);
    if (!(await ctx.passwords.verify(link.passwordHash, pass.password))) throw new AppError('REVIEW_PASSWORD_WRONG');
    rightPasswords.delete(memo);
    rightPasswords.set(memo, now + PASSWORD_MEMORY_MS);
    if (rightPasswords.size > PASSWORD_MEMORY_MAX) rightPasswords.delete(rightPasswords.keys().next().value!);
  }

  /**
   * Tells the project's owner by e-mail, at most once per project in the mail window however many
   * guests write: the first comment of a window sends it, counting every comment they have not read.
   * A failed delivery never undoes the comment.
   */
  async function tellOwner(projectId: string) {
    try {
      if (await limits.countOver(`review:mail:${projectId}`, 1, REVIEW_MAIL_WINDOW_MS)) return;
      const owner = await review.ownerContact(projectId);
      if (!owner?.email) return;
      const count = await review.unreadCount(projectId, owner.ownerId);
      if (!count) return;
      const notice = commentsNotice({ projectName: owner.projectName, count, projectId, publicUrl: ctx.publicUrl });
      await ctx.mail({ to: owner.email, ...notice, purpose: 'review-comments' });
    } catch (err) {
      ctx.log.error({ err, projectId }, 'review comments notice not delivered');
    }
  }

  return {
    /** The project as the link shows it: its name, its views' current images and their comments. */
    async reviewOpen(pass: GuestPass): Promise<ReviewProject> {
      const link = await liveLink(pass);
      const views = await review.currentViews(link.projectId);
      const scope = reviewScope(link.id);
      const imageIds = views.flatMap((v) => (v.image ? [v.image.id] : []));
      const rows = await comments.list(link.projectId, imageIds);
      const now = ctx.now();
      if (openedIsStale(link.lastOpenedAt, now)) await review.touchOpened(link.id, now, OPENED_TOUCH_MS);
      return {
        name: link.projectName,
        views: views.map((v) => ({
          id: v.id,
          name: v.name,
          current: v.image && {
            imageId: v.image.id,
            url: ctx.imageUrl(v.image.key, scope),
            thumbUrl: ctx.imageUrl(v.image.thumbKey ?? v.image.key, scope),
            width: v.image.width,
            height: v.image.height,
          },
        })),
        comments: rows.map(guestView),
      };
    },

    /** A guest's comment, pinned on one of the link's current images and nothing else. */
    async reviewComment(
      pass: GuestPass,
      body: { imageId: string; x: number; y: number; body: string; name: string },
    ): Promise<ProjectComment> {
      if (!isPin(body.x, body.y)) throw new AppError('VALIDATION');
      const link = await liveLink(pass);
      const { commentsPerAddress: perAddress, commentsPerLink: perLink } = REVIEW_THROTTLE;
      await limits.consume(`review:comment:ip:${pass.ip}`, perAddress.max, perAddress.windowMs);
      await limits.consume(`review:comment:link:${link.id}`, perLink.max, perLink.windowMs);
      const view = (await review.currentViews(link.projectId)).find((v) => v.image?.id === body.imageId);
      if (!view) throw new AppError('IMAGE_NOT_FOUND');
      const max = PROJECT_LIMITS.commentsPerProject;
      const row = await comments.insert(
        {
          projectId: link.projectId,
          viewId: view.id,
          imageId: body.imageId,
          authorId: null,
          reviewLinkId: link.id,
          authorName: body.name,
          body: body.body,
          x: body.x,
          y: body.y,
          createdAt: ctx.now(),
        },
        max,
      );
      if (!row) throw new AppError('COMMENT_LIMIT', { params: { max } });
      await tellOwner(link.projectId);
      return guestView(row);
    },
  };
}
