import { createHash, randomBytes } from 'node:crypto';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How often guests may try and write. Kept in the database (rate counters), so they hold across API
 * nodes. A password is tried at most `passwordPerLink` times per window on one link wherever the
 * attempts come from, and `passwordPerAddress` times from one address whatever the link: a stranger
 * can lock a link for a quarter of an hour, never the project, which its owner and members reach
 * through their own session.
 */
export const REVIEW_THROTTLE = {
  passwordPerLink: { max: 10, windowMs: 15 * MINUTE },
  passwordPerAddress: { max: 30, windowMs: 15 * MINUTE },
  commentsPerLink: { max: 200, windowMs: 60 * MINUTE },
  commentsPerAddress: { max: 20, windowMs: 10 * MINUTE },
} as const;

/** At most one e-mail per project in this window, however many guests comment. */
export const REVIEW_MAIL_WINDOW_MS = 15 * MINUTE;
/** A link's "last opened" is written at most this often: a page reload is not worth a write. */
export const OPENED_TOUCH_MS = MINUTE;
/** A correct password is remembered this long (in memory, per process), so a guest's next calls skip argon2. */
export const PASSWORD_MEMORY_MS = 10 * MINUTE;

/** A review link's secret: 32 random bytes in base64url, 43 characters (REVIEW_TOKEN_PATTERN). */
export const newReviewToken = () => randomBytes(32).toString('base64url');

/**
 * What is kept of a token: its SHA-256. The token carries 256 random bits, so a fast digest is
 * enough (no salt or slow hash needed), and looking a link up by it is one indexed read.
 */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

const SCOPE_PREFIX = 'review:';
const SCOPE = /^review:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The scope signed into the image addresses a link hands out: the files route asks whether the link
 * is still live at every request, so revoking it (or its expiry) ends them at once.
 */
export const reviewScope = (linkId: string) => `${SCOPE_PREFIX}${linkId}`;
export const linkIdOfScope = (scope: string) => SCOPE.exec(scope)?.[1] ?? null;

export type LinkState = 'live' | 'revoked' | 'expired';

export function linkState(link: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

export const expiryFor = (days: number | null, now: Date) => (days ? new Date(now.getTime() + days * DAY) : null);

/** Whether "last opened" is old enough to be written again. */
export const openedIsStale = (lastOpenedAt: Date | null, now: Date) =>
  !lastOpenedAt || now.getTime() - lastOpenedAt.getTime() >= OPENED_TOUCH_MS;

/** A pin's point: fractions of the image's width and height, both within the image. */
export const isPin = (x: number, y: number) =>
  Number.isFinite(x) && Number.isFinite(y) && x >= 0 && x <= 1 && y >= 0 && y <= 1;

/**
 * The e-mail telling a project's owner that guests commented. Users have no stored language, so it
 * is written in both, English first; the address of the project's page comes from the configured
 * public URL, never from a request.
 */
export function commentsNotice(input: { projectName: string; count: number; projectId: string; publicUrl: string }) {
  const page = `${input.publicUrl}/#/project/${encodeURIComponent(input.projectId)}`;
  const en = input.count === 1 ? '1 new comment' : `${input.count} new comments`;
  return {
    subject: `${en} on “${input.projectName}” / 项目有 ${input.count} 条新评论`,
    text: [
      `Your review link brought ${en} on your project “${input.projectName}”.`,
      `Read and answer them on the project's page: ${page}`,
      '',
      `您的项目“${input.projectName}”通过评审链接收到 ${input.count} 条新评论。`,
      `请在项目页面查看：${page}`,
    ].join('\n'),
  };
}
