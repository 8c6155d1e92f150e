export { createDeveloperModule } from './developer.module.ts';
