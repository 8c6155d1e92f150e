import type { FastifyBaseLogger } from 'fastify';
import type { TaskRow } from '../db/schema/index.ts';
import { EngineError, type Engine } from './engine.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import type { Start } from './task-run.ts';

/**
 * Takes back tasks whose process died: those of this node's earlier processes at once, others
 * once silent. One a server already accepted is first asked about there (collected when done,
 * followed while running); only one the server lost is sent again. Resolves to how many it found.
 */
export async function recoverOrphans(
  deps: {
    lifecycle: TaskLifecycle;
    log: FastifyBaseLogger;
    nodeId: string;
    workerId: string;
    engine(name: string): Promise<Engine>;
    /** Whether this process runs the task already. */
    running(taskId: string): boolean;
    /** Runs a task taken up from an earlier process, to its end. */
    follow(row: TaskRow, engine: Engine, start: Start): Promise<void>;
  },
  staleBefore: Date,
) {
  const { lifecycle, log } = deps;
  const orphans = await lifecycle.orphans(staleBefore, `${deps.nodeId}:`, deps.workerId);
  for (const row of orphans) {
    if (deps.running(row.id)) continue;
    const engine = row.server && row.engineRef ? await deps.engine(row.engine).catch(() => null) : null;
    const adopted = engine?.resume && row.workerId ? await lifecycle.adopt(row.id, row.workerId, deps.workerId) : null;
    if (engine?.resume && adopted) {
      const at = { server: row.server!, ref: row.engineRef! };
      log.info({ taskId: row.id, ...at }, 'taking up a task the server already has');
      deps
        .follow(adopted, engine, (e, job, ctx) =>
          e.resume!(job, at, ctx).catch((err: unknown) => {
            // The server forgot it: send it again, as a run of its own.
            if (err instanceof EngineError && err.kind === 'lost') throw new EngineError('unavailable', err.message);
            throw err;
          }),
        )
        .catch((err: unknown) => log.error({ err, taskId: row.id }, 'resumed task failed'));
    } else {
      await lifecycle.handBack(row.id, { orphan: true });
    }
  }
  return orphans.length;
}
