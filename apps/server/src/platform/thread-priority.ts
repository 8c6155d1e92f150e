import fs from 'node:fs';
import os from 'node:os';

/**
 * Gives the calling worker thread its own nice value (Linux: a thread has one of its own), so its
 * work yields to the API's thread when the cores are short. Elsewhere, or where it is not allowed,
 * the thread keeps the process's priority: the work is the same, only scheduled as the rest.
 */
export function lowerThreadPriority(nice: number) {
  if (nice === 0) return;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0 && tid !== process.pid) os.setPriority(tid, nice);
  } catch {
    // no /proc, or not allowed
  }
}
