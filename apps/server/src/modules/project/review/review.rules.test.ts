import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REVIEW_TOKEN_PATTERN, reviewRoutes } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import type { CommentsRepository } from './comments.repository.ts';
import type { FoundLink, ReviewRepository } from './review.repository.ts';
import {
  commentsNotice,
  expiryFor,
  isPin,
  linkIdOfScope,
  linkState,
  newReviewToken,
  openedIsStale,
  REVIEW_THROTTLE,
  reviewScope,
  tokenDigest,
} from './review.rules.ts';
import { createReviewService } from './review.service.ts';

// The rules of review links on in-memory stand-ins: no database.
const NOW = new Date('2026-11-27T12:00:00Z');
const LINK_ID = '11111111-1111-4111-8111-111111111111';
const IMAGE = '22222222-2222-4222-8222-222222222222';

describe('review tokens', () => {
  it('are 32 random bytes in base64url, never the same twice, kept only as their SHA-256', () => {
    const tokens = Array.from({ length: 200 }, newReviewToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(REVIEW_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(tokenDigest(tokens[0]!)).toBe(createHash('sha256').update(tokens[0]!).digest('hex'));
    expect(tokenDigest(tokens[0]!)).not.toContain(tokens[0]!);
  });

  it('bind image addresses to their link through a scope only a link id fits', () => {
    expect(reviewScope(LINK_ID)).toBe(`review:${LINK_ID}`);
    expect(linkIdOfScope(reviewScope(LINK_ID))).toBe(LINK_ID);
    for (const bad of [
      'review:',
      'review:x',
      `review:${LINK_ID}x`,
      `w.${LINK_ID}.1`,
      `review:${LINK_ID.replaceAll('1', 'A')}`,
    ])
      expect(linkIdOfScope(bad)).toBeNull();
  });
});

describe('a link’s life', () => {
  it('is live until revoked or past its expiry', () => {
    const later = new Date(NOW.getTime() + 1000);
    expect(linkState({ revokedAt: null, expiresAt: null }, NOW)).toBe('live');
    expect(linkState({ revokedAt: null, expiresAt: later }, NOW)).toBe('live');
    expect(linkState({ revokedAt: null, expiresAt: NOW }, NOW)).toBe('expired');
    expect(linkState({ revokedAt: NOW, expiresAt: later }, NOW)).toBe('revoked');
    expect(expiryFor(null, NOW)).toBeNull();
    expect(expiryFor(7, NOW)).toEqual(new Date('2026-12-04T12:00:00Z'));
  });

  it('records an opening at most once a minute', () => {
    expect(openedIsStale(null, NOW)).toBe(true);
    expect(openedIsStale(new Date(NOW.getTime() - 59_000), NOW)).toBe(false);
    expect(openedIsStale(new Date(NOW.getTime() - 60_000), NOW)).toBe(true);
  });
});

describe('pins', () => {
  it('lie within the image: fractions of its width and height', () => {
    expect(isPin(0, 0)).toBe(true);
    expect(isPin(1, 1)).toBe(true);
    for (const [x, y] of [
      [-0.01, 0.5],
      [0.5, 1.01],
      [Number.NaN, 0.5],
      [0.5, Number.POSITIVE_INFINITY],
    ])
      expect(isPin(x!, y!)).toBe(false);
    const body = { token: 'A'.repeat(43), imageId: IMAGE, body: 'Hi', name: 'Ann' };
    const parse = (point: object) => reviewRoutes.reviewComment.body.safeParse({ ...body, ...point }).success;
    expect(parse({ x: 0, y: 1 })).toBe(true);
    expect(parse({ x: 1.5, y: 0.5 })).toBe(false);
    expect(parse({ x: 0.5, y: -1 })).toBe(false);
    expect(parse({ x: '0.5', y: 0.5 })).toBe(false);
  });
});

/** A service over one password-protected link, with counters that behave like the database's. */
function passwordScene(verify: (password: string) => boolean) {
  const counts = new Map<string, number>();
  const verified: string[] = [];
  const link = {
    id: LINK_ID,
    projectId: '33333333-3333-4333-8333-333333333333',
    projectName: 'Canal library',
    tokenHash: 'digest',
    passwordHash: '$argon2id$stub',
    label: '',
    expiresAt: null,
    revokedAt: null,
    createdBy: null,
    lastOpenedAt: NOW,
    createdAt: NOW,
  } satisfies FoundLink;
  const review = {
    findByDigest: async () => link,
    currentViews: async () => [],
    touchOpened: async () => {},
  } as unknown as ReviewRepository;
  const service = createReviewService({
    review,
    comments: { list: async () => [] } as unknown as CommentsRepository,
    access: async () => null,
    limits: {
      async consume(key, max) {
        const n = (counts.get(key) ?? 0) + 1;
        counts.set(key, n);
        if (n > max) throw new AppError('RATE_LIMITED', { params: { seconds: 900 } });
      },
      countOver: async () => false,
    },
    passwords: {
      hash: async (p) => p,
      verify: async (_stored, password) => {
        verified.push(password);
        return verify(password);
      },
    },
    imageUrl: (key) => key,
    mail: async () => true,
    publicUrl: 'https://studio.example.com',
    log: { error: () => {} },
    now: () => NOW,
  });
  const open = (password: string | undefined, ip = '203.0.113.1') =>
    service.reviewOpen({ token: 'A'.repeat(43), password, ip }).then(
      () => 'ok',
      (err: AppError) => err.code,
    );
  return { open, counts, verified };
}

describe('the password throttle', () => {
  it('counts each attempt before argon2 runs, per link and per address, and refuses past the link’s limit', async () => {
    const { open, counts, verified } = passwordScene((p) => p === 'right');
    const { passwordPerLink } = REVIEW_THROTTLE;
    for (let i = 0; i < passwordPerLink.max; i += 1)
      expect(await open(`guess-${i}`, `203.0.113.${i}`)).toBe('REVIEW_PASSWORD_WRONG');
    expect(counts.get(`review:password:link:${LINK_ID}`)).toBe(passwordPerLink.max);
    expect(counts.get('review:password:ip:203.0.113.1')).toBe(1);
    // Refused before the password is even looked at.
    expect(await open('right', '203.0.113.200')).toBe('RATE_LIMITED');
    expect(verified).not.toContain('right');
  });

  it('asks for a missing password without counting it', async () => {
    const { open, counts } = passwordScene(() => true);
    expect(await open(undefined)).toBe('REVIEW_PASSWORD_REQUIRED');
    expect(await open('')).toBe('REVIEW_PASSWORD_REQUIRED');
    expect(counts.size).toBe(0);
  });

  it('remembers a right password for its address only: no more argon2 there, no shortcut elsewhere', async () => {
    const { open, counts, verified } = passwordScene((p) => p === 'right');
    expect(await open('right', '198.51.100.1')).toBe('ok');
    for (let i = 0; i < 5; i += 1) expect(await open('right', '198.51.100.1')).toBe('ok');
    expect(verified).toEqual(['right']);
    expect(counts.get(`review:password:link:${LINK_ID}`)).toBe(1);
    expect(await open('right', '198.51.100.2')).toBe('ok');
    expect(verified).toEqual(['right', 'right']);
  });
});

describe('the owner’s notice', () => {
  it('counts the comments, links the project from the public address, in both languages', () => {
    const one = commentsNotice({
      projectName: 'Canal library',
      count: 1,
      projectId: 'p1',
      publicUrl: 'https://s.example',
    });
    expect(one.subject).toContain('1 new comment on “Canal library”');
    expect(one.text).toContain('https://s.example/#/project/p1');
    expect(one.text).toContain('收到 1 条新评论');
    const many = commentsNotice({
      projectName: 'Canal library',
      count: 4,
      projectId: 'p1',
      publicUrl: 'https://s.example',
    });
    expect(many.text).toContain('4 new comments');
  });
});
