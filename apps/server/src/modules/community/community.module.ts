import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { SessionService } from '../auth/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { UserService } from '../user/index.ts';
import { createAchievementService } from './achievements.service.ts';
import { createCreatorService } from './creators.service.ts';
import { createFollowService } from './follows.service.ts';
import { createModerationService } from './moderation.service.ts';
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
    moderation: createModerationService({ database, users: deps.users, sessions: deps.sessions }),
    works: createWorksService({ database, storage: deps.storage, uploads, publicUrl: deps.publicUrl, achievements }),
  };
}
export type CommunityModule = ReturnType<typeof createCommunityModule>;
