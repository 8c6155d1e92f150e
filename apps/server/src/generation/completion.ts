import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { TaskRow, UploadRow } from '../db/schema/index.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import type { ResultSink } from './runner.ts';

/**
 * Completes a task whose results' files are stored. Their rows are written in the completion's
 * transaction and filed into the workspace in it, by task, so a run that stored results before
 * dying has them filed by its retry. A first run's results are all the task has, so its event
 * shows them without reading them back; an earlier run (handed back, or a process taken over) may
 * have stored some too. Resolves to whether the task completed here.
 */
export async function completeWithResults<Stored>(
  deps: { database: Database; lifecycle: TaskLifecycle; sink: ResultSink<Stored>; log: FastifyBaseLogger },
  run: { claimed: TaskRow; taken: boolean; server?: string; engineMs: number; saved: Stored[] },
) {
  const { claimed, saved } = run;
  const taskId = claimed.id;
  let rows: UploadRow[] = [];
  let filed = false;
  const completion = (fileToo: boolean) => ({
    server: run.server,
    engineMs: run.engineMs,
    record: {
      all: claimed.attempt === 1 && !run.taken,
      write: async (tx: Db) => {
        // A first try that was rolled back filed nothing.
        filed = false;
        return (rows = await deps.sink.recordResults(tx, saved));
      },
      ...(fileToo && {
        file: async (tx: Db) => {
          filed = await deps.sink.fileResultsIn(tx, claimed.userId, taskId, claimed.folderId);
        },
      }),
    },
  });
  // The results stand without their filing (the task history shows them): a completion that
  // failed with it is made again without it.
  const done = await deps.lifecycle.complete(taskId, completion(true)).catch((err: unknown) => {
    deps.log.error({ err, taskId }, 'completing with the filing failed: completing without it');
    return deps.lifecycle.complete(taskId, completion(false));
  });
  if (!done) {
    // Ended elsewhere while generating (cancelled, timed out): what it made is kept all the same.
    rows = await deps.database.transaction((tx) => deps.sink.recordResults(tx, saved));
    filed = false;
  }
  deps.sink.recorded(rows, saved);
  if (!filed)
    await deps.sink
      .fileResults(claimed.userId, taskId, claimed.folderId)
      .catch((err: unknown) => deps.log.error({ err, taskId }, 'filing results into the workspace failed'));
  return done !== null;
}
