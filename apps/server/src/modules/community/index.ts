export { createCommunityModule } from './community.module.ts';
export { ENVIRONMENT_TAG_SEEDS } from './community-tags.data.ts';
export { seedDemoContent } from './seed.demo.ts';
