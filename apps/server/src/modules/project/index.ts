export { createProjectModule } from './project.module.ts';
