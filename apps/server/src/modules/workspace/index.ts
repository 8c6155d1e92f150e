export { createWorkspaceModule, type WorkspaceModule } from './workspace.module.ts';
export { workspaceModule } from './workspace.routes.ts';
export type { WorkspaceService } from './workspace.service.ts';
export type { DownloadsService } from './downloads.service.ts';
