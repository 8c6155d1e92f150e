import { createWorkspaceService, type WorkspaceServiceDeps } from './workspace.service.ts';

/** Each user's folders of result images. */
export function createWorkspaceModule(deps: WorkspaceServiceDeps) {
  return { workspace: createWorkspaceService(deps) };
}
export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
