import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import type { PresetPicturesService } from '../design/index.ts';
import type { SessionService } from '../identity/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { UserService } from '../user/index.ts';
import { createAchievementRepository } from './achievements.repository.ts';
import { createAchievementService } from './achievements.service.ts';
import { contentAdminModule } from './banners.admin.routes.ts';
import { createBannersRepository } from './banners.repository.ts';
import { createBannersService } from './banners.service.ts';
import { createCreatorRepository } from './creators.repository.ts';
import { creatorModule } from './creators.routes.ts';
import { createCreatorService } from './creators.service.ts';
import { createFollowRepository } from './follows.repository.ts';
import { createFollowService } from './follows.service.ts';
import { communityAdminModule } from './moderation.admin.routes.ts';
import { createModerationQueueRepository } from './moderation.queue.repository.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { createModerationService } from './moderation.service.ts';
import { workLinkScope } from './work-links.ts';
import { createWorksListRepository } from './works.list.repository.ts';
import { createWorksRepository } from './works.repository.ts';
import { worksModule } from './works.routes.ts';
import { createWorksService } from './works.service.ts';
import { createWorksTogglesRepository } from './works.toggles.repository.ts';

/** Published works, creators, follows, achievements, the banners and the moderation of reports. */
export function createCommunityModule(deps: {
  database: Database;
  storage: ObjectStorage;
  publicUrl: string;
  uploads: UploadService;
  users: UserService;
  sessions: SessionService;
  /** The console manages the preset pictures (design's) beside the banners, in one multipart scope. */
  presetPictures: PresetPicturesService;
  log: FastifyBaseLogger;
}) {
  const { database, uploads } = deps;
  const { db } = database;
  const transaction: Database['transaction'] = (work) => database.transaction(work);
  const achievements = createAchievementService({ achievements: createAchievementRepository(db), log: deps.log });
  const creators = createCreatorService({ creators: createCreatorRepository(db), imageUrl: uploads.url });
  const follows = createFollowService({
    follows: createFollowRepository(db),
    achievements,
    isActive: creators.isActive,
  });
  const moderation = createModerationService({
    moderation: scoped(db, createModerationRepository),
    queue: createModerationQueueRepository(db),
    transaction,
    users: deps.users,
    sessions: deps.sessions,
    // As long as the works' own signed links, bound to the work's link version like them.
    workImageUrl: (key, workId, linkVersion) => browserUrl(deps.storage, key, 3600, workLinkScope(workId, linkVersion)),
  });
  const works = createWorksService({
    works: scoped(db, createWorksRepository),
    lists: createWorksListRepository(db),
    toggles: createWorksTogglesRepository(database),
    transaction,
    storage: deps.storage,
    uploads,
    publicUrl: deps.publicUrl,
    achievements,
  });
  const banners = createBannersService({
    banners: scoped(db, createBannersRepository),
    transaction,
    storage: deps.storage,
  });
  return moduleParts(
    { achievements, creators, follows, moderation, works },
    {
      public: [bindRoutes(worksModule, { works }), bindRoutes(creatorModule, { creators, follows, achievements })],
      admin: [
        bindRoutes(contentAdminModule, { banners, presetPictures: deps.presetPictures }),
        bindRoutes(communityAdminModule, { moderation }),
      ],
    },
  );
}
