export { createCommunityModule, type CommunityModule } from './community.module.ts';
export { creatorModule } from './creators.routes.ts';
export { communityAdminModule } from './moderation.admin.routes.ts';
export { contentAdminModule } from './banners.admin.routes.ts';
export { worksModule } from './works.routes.ts';
export { ENVIRONMENT_TAG_SEEDS } from './community-tags.data.ts';
export { seedDemoContent } from './seed.demo.ts';
export type { AchievementService } from './achievements.service.ts';
export type { WorksService } from './works.service.ts';
