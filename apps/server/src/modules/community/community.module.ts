import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import type { SessionService } from '../auth/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { UserService } from '../user/index.ts';
import { createAchievementService } from './achievements.service.ts';
import { createCreatorService } from './creators.service.ts';
import { createFollowService } from './follows.service.ts';
import { createModerationQueueRepository } from './moderation.queue.repository.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { createModerationService } from './moderation.service.ts';
import { workLinkScope } from './work-links.ts';
import { createWorksService } from './works.service.ts';

/** Published works, creators, follows, achievements and the moderation of reports. */
export function createCommunityModule(deps: {
  database: Database;
  storage: ObjectStorage;
  publicUrl: string;
  uploads: UploadService;
  users: UserService;
  sessions: SessionService;
  log: FastifyBaseLogger;
}) {
  const { database, uploads } = deps;
  const { db } = database;
  const achievements = createAchievementService({ db, log: deps.log });
  const creators = createCreatorService({ db, imageUrl: uploads.url });
  return {
    achievements,
    creators,
    follows: createFollowService({ db, achievements, isActive: creators.isActive }),
    moderation: createModerationService({
      moderation: scoped(db, createModerationRepository),
      queue: createModerationQueueRepository(db),
      transaction: (fn) => database.transaction(fn),
      users: deps.users,
      sessions: deps.sessions,
      // As long as the works' own signed links, bound to the work's link version like them.
      workImageUrl: (key, workId, linkVersion) =>
        browserUrl(deps.storage, key, 3600, workLinkScope(workId, linkVersion)),
    }),
    works: createWorksService({ database, storage: deps.storage, uploads, publicUrl: deps.publicUrl, achievements }),
  };
}
export type CommunityModule = ReturnType<typeof createCommunityModule>;
