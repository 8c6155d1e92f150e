import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { UploadService } from '../upload/index.ts';
import { createDownloadsRepository } from './downloads.repository.ts';
import { createDownloadsService } from './downloads.service.ts';
import { createWorkspaceRepository } from './workspace.repository.ts';
import { workspaceModule } from './workspace.routes.ts';
import { createWorkspaceService } from './workspace.service.ts';

export interface WorkspaceModuleDeps {
  database: Database;
  uploads: UploadService;
  storage: ObjectStorage;
  /** Folders one user may make besides the default one (FOLDERS_MAX). */
  foldersMax: number;
}

/** Each user's folders of result images, and downloading them. */
export function createWorkspaceModule(deps: WorkspaceModuleDeps) {
  const { database, storage } = deps;
  const workspace = createWorkspaceService({
    folders: scoped(database.db, createWorkspaceRepository),
    transaction: (work) => database.transaction(work),
    uploads: deps.uploads,
    storage,
    foldersMax: deps.foldersMax,
  });
  const imageDownloads = createDownloadsService({ downloads: createDownloadsRepository(database.db), storage });
  return moduleParts(
    { workspace, imageDownloads },
    { public: [bindRoutes(workspaceModule, { workspace, downloads: imageDownloads })] },
  );
}
