import type { ProjectAccess } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { allows } from '../project-access.ts';
import type { CommentsRepository } from './comments.repository.ts';
import type { ReviewRepository } from './review.repository.ts';
import { newReviewToken } from './review.rules.ts';

export interface ReviewDeps {
  review: ReviewRepository;
  comments: CommentsRepository;
  /** The caller's access to a project: owner, a member's role, or null when they may not open it. */
  access(projectId: string, userId: string): Promise<ProjectAccess | null>;
  /** Fixed-window counters kept in the database (the identity module's limits). */
  limits: {
    consume(key: string, max: number, windowMs: number): Promise<void>;
    countOver(key: string, max: number, windowMs: number): Promise<boolean>;
  };
  passwords: { hash(password: string): Promise<string>; verify(stored: string, password: string): Promise<boolean> };
  /** The browser address of a stored image; `scope` binds a private image's signed address to a link. */
  imageUrl(key: string, scope?: string): string;
  /** Sends a notice by e-mail; false when no mail service exists. */
  mail(mail: { to: string; subject: string; text: string; purpose: string }): Promise<boolean>;
  /** The product's public address, for links in e-mails. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  now?: () => Date;
  newToken?: () => string;
}

/** The deps with their defaults, and the access check every member route starts with. */
export type ReviewContext = Required<ReviewDeps> & {
  /** The caller's access when it allows `needed` (PROJECT_NOT_FOUND / PROJECT_FORBIDDEN otherwise). */
  require(projectId: string, userId: string, needed: ProjectAccess): Promise<ProjectAccess>;
};

/** The deps with their defaults, and the one access check of every member route. */
export function createReviewContext(deps: ReviewDeps): ReviewContext {
  return {
    now: () => new Date(),
    newToken: newReviewToken,
    ...deps,
    async require(projectId, userId, needed) {
      const access = await deps.access(projectId, userId);
      if (!access) throw new AppError('PROJECT_NOT_FOUND');
      if (!allows(access, needed)) throw new AppError('PROJECT_FORBIDDEN', { params: { role: access } });
      return access;
    },
  };
}
