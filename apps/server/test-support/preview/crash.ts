/** A task with this prompt ends the test's drawing thread (crashing-draw-worker.ts). */
export const CRASH_PROMPT = 'end the drawing thread';

export const crashingDrawWorkerUrl = new URL('./crashing-draw-worker.ts', import.meta.url);
