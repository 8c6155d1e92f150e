/** A job whose target is this many pixels wide ends the test's upscaler thread (crashing-worker.ts). */
export const CRASH_WIDTH = 1234;

export const crashingWorkerUrl = new URL('./crashing-worker.ts', import.meta.url);
