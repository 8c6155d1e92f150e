/**
 * Undo and redo over immutable snapshots. The present value is not stored here: the editor is controlled,
 * so the parent's `value` is the present and this only remembers what came before and after it.
 */
export interface History<T> {
  past: readonly T[];
  future: readonly T[];
}

export const HISTORY_CAP = 50;

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [] });

/** A new edit: the old present joins the past (oldest dropped past `cap`) and any redo branch is gone. */
export function record<T>(history: History<T>, present: T, cap = HISTORY_CAP): History<T> {
  const past = [...history.past, present];
  return { past: past.length > cap ? past.slice(past.length - cap) : past, future: [] };
}

export interface Step<T> {
  history: History<T>;
  present: T;
}

/** Null when there is nothing to undo. */
export function undo<T>(history: History<T>, present: T): Step<T> | null {
  if (history.past.length === 0) return null;
  return {
    present: history.past[history.past.length - 1]!,
    history: { past: history.past.slice(0, -1), future: [present, ...history.future] },
  };
}

/** Null when there is nothing to redo. */
export function redo<T>(history: History<T>, present: T): Step<T> | null {
  if (history.future.length === 0) return null;
  return {
    present: history.future[0]!,
    history: { past: [...history.past, present], future: history.future.slice(1) },
  };
}
