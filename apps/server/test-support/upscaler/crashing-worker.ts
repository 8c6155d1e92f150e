/**
 * The upscaler's real thread, which a test can make die the way a crash would (an abort in native
 * code, an out-of-memory end): a job whose target is CRASH_WIDTH pixels wide ends the thread.
 */
import { parentPort } from 'node:worker_threads';
import '../../src/generation/upscaler/upscale-worker.ts';
import { CRASH_WIDTH } from './crash.ts';

parentPort!.on('message', (job: { width: number }) => {
  if (job.width === CRASH_WIDTH) process.exit(70);
});
