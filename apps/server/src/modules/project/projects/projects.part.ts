import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { scoped } from '../../../db/scoped.ts';
import { AppError } from '../../../shared/app-error.ts';
import { bindRoutes } from '../../../shared/module-parts.ts';
import { projectAccess } from '../project-access.ts';
import type { MessagingService } from '../../messaging/index.ts';
import type { UploadService } from '../../upload/index.ts';
import { createMembersRepository } from './members.repository.ts';
import { createMembersService } from './members.service.ts';
import { createProjectTasks } from './project-tasks.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProjectsService } from './projects.service.ts';
import { createVersionsRepository } from './versions.repository.ts';
import { createViewsService } from './views.service.ts';

/** What this part is built from (the module's deps, named here so the part does not import the module). */
export interface ProjectsPartDeps {
  database: Database;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
  uploads: Pick<UploadService, 'getOwnedAny' | 'url'>;
  messaging: Pick<MessagingService, 'notifyByEmail'>;
}

/**
 * Projects, their views and versions, their members and style; and what the design module and the
 * generation workers ask of them about tasks made in a view.
 */
export function createProjectsPart(deps: ProjectsPartDeps) {
  const { db } = deps.database;
  const transaction: Database['transaction'] = (work) => deps.database.transaction(work);
  const projectRows = scoped(db, createProjectsRepository);
  const versionRows = scoped(db, createVersionsRepository);
  const access = (projectId: string, userId: string) => projectAccess(db, projectId, userId);
  const shared = {
    projects: projectRows,
    versions: versionRows,
    transaction,
    access,
    // Only "not the user's" is an answer here; a failing database stays an error.
    ownImage: (imageId: string, userId: string) =>
      deps.uploads.getOwnedAny(imageId, userId).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      }),
    url: (key: string) => deps.uploads.url(key),
  };
  const projects = createProjectsService(shared);
  const views = createViewsService(shared);
  const members = createMembersService({
    members: scoped(db, createMembersRepository),
    transaction,
    access,
    projectName: async (id) => (await projectRows.pool.styleOf(id))?.name ?? '',
    mail: (mail) => deps.messaging.notifyByEmail(mail),
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const tasks = createProjectTasks({
    versions: versionRows,
    access,
    styleOf: (id) => projectRows.pool.styleOf(id),
  });
  return {
    service: {
      ...projects,
      views,
      members,
      /** Tasks made in a view (the design module's submit and the generation workers). */
      prepareTask: tasks.prepare,
      editableImage: tasks.editableImage,
      addTaskResults: tasks.addTaskResults,
    },
    routes: bindRoutes(projectsRoutes, { projects, views, members }),
  };
}
