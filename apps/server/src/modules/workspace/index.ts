export { createWorkspaceModule } from './workspace.module.ts';
export type { WorkspaceService } from './workspace.service.ts';
