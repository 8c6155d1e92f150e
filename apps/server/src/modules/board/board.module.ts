import type { FastifyBaseLogger } from 'fastify';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { BoardImageAccess } from './board.repository.ts';
import { boardRoutes } from './board.routes.ts';
import { createBoardService } from './board.service.ts';

export interface BoardModuleDeps {
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  /** Which images a user may put on a board: `boardImageAccess` (their own and their projects'). */
  access: BoardImageAccess;
}

/** Presentation boards: PDF and PNG exports of a user's images, laid out on A3–A1 pages. */
export function createBoardModule(deps: BoardModuleDeps) {
  const boards = createBoardService({
    access: deps.access,
    storage: deps.storage,
    log: deps.log,
  });
  return moduleParts({ boards }, { public: [bindRoutes(boardRoutes, { boards })] });
}
