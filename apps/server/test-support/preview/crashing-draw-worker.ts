/**
 * The preview engine's real drawing thread, which a test can make die the way a crash would (an
 * abort in native code, an out-of-memory end): a task whose prompt is CRASH_PROMPT ends the thread.
 */
import { parentPort } from 'node:worker_threads';
import '../../src/generation/engines/preview/draw-worker.ts';
import { CRASH_PROMPT } from './crash.ts';

parentPort!.on('message', (job: { task: { prompt: string } }) => {
  if (job.task.prompt === CRASH_PROMPT) process.exit(70);
});
