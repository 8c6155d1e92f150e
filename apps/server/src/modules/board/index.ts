export { createBoardModule } from './board.module.ts';
export { ownImageAccess } from './board.repository.ts';
