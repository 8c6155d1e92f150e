import type { ProjectComment, ReviewLink } from '@turing/contract';
import type { CommentWithAuthor } from './comments.repository.ts';
import type { LinkWithCount } from './review.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReviewLink(row: LinkWithCount, now: Date): ReviewLink {
  return {
    id: row.id,
    label: row.label,
    hasPassword: row.passwordHash !== null,
    expiresAt: iso(row.expiresAt),
    revoked: row.revokedAt !== null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    lastOpenedAt: iso(row.lastOpenedAt),
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who reads a comment: a member (their id, and whether they own the project) or a guest of a review link. */
export type CommentReader = { userId: string; owner: boolean } | 'guest';

/**
 * A comment as its reader may see it. A member's name is their current nickname; a guest sees
 * names only (no member's id or avatar, never an address), and may delete nothing.
 */
export function toComment(
  row: CommentWithAuthor,
  reader: CommentReader,
  avatarUrl: (key: string) => string,
): ProjectComment {
  const guest = row.authorId === null && row.reviewLinkId !== null;
  const name = row.authorNickname ?? row.authorName;
  const member = reader !== 'guest';
  return {
    id: row.id,
    viewId: row.viewId,
    imageId: row.imageId,
    x: row.x,
    y: row.y,
    body: row.body,
    author: {
      name,
      userId: member ? row.authorId : null,
      avatarUrl: member && row.authorAvatarKey ? avatarUrl(row.authorAvatarKey) : null,
      guest,
    },
    resolved: row.resolvedAt !== null,
    canDelete: member && (reader.owner || (row.authorId !== null && row.authorId === reader.userId)),
    createdAt: row.createdAt.toISOString(),
  };
}
