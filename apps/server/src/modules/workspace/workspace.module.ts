import { createDownloadsService } from './downloads.service.ts';
import { createWorkspaceService, type WorkspaceServiceDeps } from './workspace.service.ts';

/** Each user's folders of result images, and downloading them. */
export function createWorkspaceModule(deps: WorkspaceServiceDeps) {
  return {
    workspace: createWorkspaceService(deps),
    imageDownloads: createDownloadsService({ db: deps.database.db, storage: deps.storage }),
  };
}
export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
