import type { ErrorCode, TaskNotice, TaskState } from '@turing/contract';

/**
 * The whole life of a task as one table: for each event, the states it may happen in, the state
 * it leads to and what comes with it. The lifecycle applies a row as a conditional update on
 * `from` followed by the effects, in one transaction when there is more than the event, so two
 * processes can never both move a task and no effect happens without its state change.
 *
 * Effects: `refund` gives back the cubes it cost (once per task), `refundUndelivered` gives back
 * the price of the images a completed task did not deliver (once), `release` frees the user's slot
 * of active tasks, `duration` folds the run into the rolling averages behind the wait estimates
 * (after commit), `publish` sends the change to the user's event streams (in the transaction when
 * there is one), `enqueue` hands the task to the workers after commit, `line` tells the owners of
 * the tasks queued for its engine their new places and waits (after commit, coalesced).
 */
export type Effect = 'refund' | 'refundUndelivered' | 'release' | 'duration' | 'publish' | 'enqueue' | 'line';

export interface Transition {
  from: readonly TaskState[];
  /** Omitted: the state stays (a change within it). */
  to?: TaskState;
  effects: readonly Effect[];
  /** The error the user sees when the task ends this way. */
  error?: ErrorCode;
  notice?: TaskNotice | null;
  /** Notices that stop being true with it (others stay). */
  clears?: readonly TaskNotice[];
}

/** Runs a task may start: the first, then moves to another server after faults that were not its own. */
export const MAX_ATTEMPTS = 3;

export const TRANSITIONS = {
  /**
   * A worker takes it (exactly one wins; not once a cancel was asked for). It no longer waits for a
   * server; that it was moved off a failed one stays said.
   */
  claim: { from: ['queued'], to: 'generating', effects: ['publish', 'line'], clears: ['waiting_for_server'] },
  /** No generation server can take it now: it keeps its place and says why it waits. */
  wait: { from: ['queued'], effects: ['publish'], notice: 'waiting_for_server' },
  /** Its engine has a server again: it is handed to the workers, who claim it in its place in line. */
  serverBack: { from: ['queued'], effects: ['publish', 'enqueue', 'line'], notice: null },
  /** A server accepted it: where and under which reference, so a restarted node can ask there. */
  accepted: { from: ['generating'], effects: [] },
  /** It waits in the server's own queue: shown as queued with its place there. */
  serverQueued: { from: ['generating'], effects: ['publish'] },
  /** The server started working on it. */
  started: { from: ['generating'], effects: ['publish'] },
  progress: { from: ['generating'], effects: ['publish'] },
  /** It made its images: fewer than asked, and the ones it did not make are paid back with it. */
  complete: {
    from: ['generating'],
    to: 'complete',
    effects: ['refundUndelivered', 'release', 'duration', 'publish', 'line'],
    notice: null,
  },
  /** Cancelled before any server took it: ends at once. */
  cancel: { from: ['queued'], to: 'cancelled', effects: ['refund', 'release', 'publish', 'line'], notice: null },
  /** Cancel asked for a running task: its worker stops it through the engine. */
  requestCancel: { from: ['generating'], effects: ['publish'] },
  /** The engine stopped at our request. */
  interrupted: {
    from: ['generating'],
    to: 'cancelled',
    effects: ['refund', 'release', 'publish', 'line'],
    notice: null,
  },
  timeout: {
    from: ['queued', 'generating'],
    to: 'timed_out',
    effects: ['refund', 'release', 'publish', 'line'],
    error: 'TASK_TIMED_OUT',
    notice: null,
  },
  /** Its server failed (died, hung, lost it): back to the queue for another server. */
  moved: { from: ['generating'], to: 'queued', effects: ['publish', 'enqueue', 'line'], notice: 'moved' },
  /** No server could take it after all (the fleet went down meanwhile): it waits again, its run not counted. */
  notTaken: { from: ['generating'], to: 'queued', effects: ['publish', 'line'], notice: 'waiting_for_server' },
  /** Given back without a fault of a server: this process stops, or a dead process's task is taken back. */
  handBack: { from: ['generating'], to: 'queued', effects: ['publish', 'enqueue', 'line'] },
  /** A restarted node takes up its own earlier process's task where the server has it. */
  adopt: { from: ['generating'], effects: [] },
  lost: {
    from: ['generating'],
    to: 'lost',
    effects: ['refund', 'release', 'publish', 'line'],
    error: 'TASK_LOST',
    notice: null,
  },
  /** The engine refused the task itself (validation, content policy): trying elsewhere would not help. */
  refused: {
    from: ['generating'],
    to: 'lost',
    effects: ['refund', 'release', 'publish', 'line'],
    error: 'TASK_REFUSED',
    notice: null,
  },
  /** The provider's moderation refused the prompt or an image: the user changes them, nothing is retried. */
  moderated: {
    from: ['generating'],
    to: 'lost',
    effects: ['refund', 'release', 'publish', 'line'],
    error: 'TASK_MODERATED',
    notice: null,
  },
} as const satisfies Record<string, Transition>;

export type LifecycleEvent = keyof typeof TRANSITIONS;
