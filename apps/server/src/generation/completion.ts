import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { TaskRow, UploadRow } from '../db/schema/index.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import { EngineError } from './engine.ts';

/**
 * What a task's run needs of storage and the workspace (the modules above wire them in). `Stored`:
 * a result whose files are written and whose row is not yet.
 */
export interface ResultSink<Stored> {
  savePreview(taskId: string, image: Buffer): Promise<string>;
  dropPreview(key: string): Promise<void>;
  /** Writes a result's files. `createdAt` orders a task's results as the engine made them (image i holds seed + i). */
  storeResult(userId: string, taskId: string, png: Buffer, createdAt: Date): Promise<Stored>;
  /** Writes the stored results' rows in `tx`. */
  recordResults(tx: Db, stored: Stored[]): Promise<UploadRow[]>;
  /**
   * Files the task's results into the user's workspace in `tx` (one statement); false when that
   * has to be done by `fileResults` after all.
   */
  fileResultsIn(tx: Db, userId: string, taskId: string, folderId: string | null): Promise<boolean>;
  /** Told once the rows are committed (their thumbnails follow). */
  recorded(rows: UploadRow[], stored: Stored[]): void;
  /** Files the task's results into the user's workspace; may fail without failing the task. */
  fileResults(userId: string, taskId: string, folderId: string | null): Promise<unknown>;
}

/**
 * A run that made no image failed: nothing is stored, and the task ends refunded without another
 * paid try (kind `invalid`). One that made fewer than asked completes with what it made, and the
 * completion pays the rest back; the operator sees it in the log.
 */
export function checkDelivered(
  engine: string,
  taskId: string,
  asked: number,
  delivered: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  if (delivered === 0) throw new EngineError('invalid', `${engine}: the engine delivered no image`);
  if (delivered < asked) log.warn({ taskId, engine, asked, delivered }, 'the engine delivered fewer images than asked');
}

/**
 * Completes a task whose results' files are stored. Their rows are written in the completion's
 * transaction and filed into the workspace in it, by task, so a run that stored results before
 * dying has them filed by its retry. A first run's results are all the task has, so its event
 * shows them without reading them back; an earlier run (handed back, or a process taken over) may
 * have stored some too. `asked`: the images the run was asked for; when it delivered fewer, the
 * completion pays the others back. Resolves to whether the task completed here.
 */
export async function completeWithResults<Stored>(
  deps: { database: Database; lifecycle: TaskLifecycle; sink: ResultSink<Stored>; log: FastifyBaseLogger },
  run: { claimed: TaskRow; taken: boolean; server?: string; engineMs: number; saved: Stored[]; asked: number },
) {
  const { claimed, saved } = run;
  const taskId = claimed.id;
  let rows: UploadRow[] = [];
  let filed = false;
  const completion = (fileToo: boolean) => ({
    server: run.server,
    engineMs: run.engineMs,
    images: { asked: run.asked, delivered: saved.length },
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
