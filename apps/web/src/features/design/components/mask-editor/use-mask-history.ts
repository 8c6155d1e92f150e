import { useCallback, useState } from 'react';
import { emptyHistory, record, redo, undo, type History } from './mask-history.ts';
import type { MaskShape } from './mask-types.ts';

/**
 * Undo/redo for a controlled shape list: `value` is the present, every change goes out through `onChange`,
 * and only the snapshots around it live here (shape arrays are never mutated, so snapshots are free).
 * History belongs to one base image: when `scope` changes, undo cannot bring back another image's mask.
 */
export function useMaskHistory(value: MaskShape[], onChange: (shapes: MaskShape[]) => void, scope: string) {
  const [held, setHeld] = useState<{ scope: string; history: History<MaskShape[]> }>(() => ({
    scope,
    history: emptyHistory(),
  }));
  const history = held.scope === scope ? held.history : emptyHistory<MaskShape[]>();

  const commit = useCallback(
    (next: MaskShape[]) => {
      setHeld({ scope, history: record(history, value) });
      onChange(next);
    },
    [scope, history, value, onChange],
  );

  const step = useCallback(
    (move: typeof undo) => {
      const result = move(history, value);
      if (!result) return;
      setHeld({ scope, history: result.history });
      onChange(result.present);
    },
    [scope, history, value, onChange],
  );

  return {
    add: useCallback((shape: MaskShape) => commit([...value, shape]), [commit, value]),
    clear: useCallback(() => value.length > 0 && commit([]), [commit, value]),
    undo: useCallback(() => step(undo), [step]),
    redo: useCallback(() => step(redo), [step]),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
