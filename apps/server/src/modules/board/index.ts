export { createBoardModule } from './board.module.ts';
export { boardImageAccess } from './board.repository.ts';
