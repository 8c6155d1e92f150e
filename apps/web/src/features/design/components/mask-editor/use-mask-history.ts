import { useCallback, useState } from 'react';
import { emptyHistory, record, redo, undo, type History } from './mask-history.ts';
import type { MaskShape } from './mask-types.ts';

/**
 * Undo/redo for a controlled shape list: `value` is the present, every change goes out through `onChange`,
 * and only the snapshots around it live here (shape arrays are never mutated, so snapshots are free).
 */
export function useMaskHistory(value: MaskShape[], onChange: (shapes: MaskShape[]) => void) {
  const [history, setHistory] = useState<History<MaskShape[]>>(emptyHistory);

  const commit = useCallback(
    (next: MaskShape[]) => {
      setHistory((h) => record(h, value));
      onChange(next);
    },
    [value, onChange],
  );

  const step = useCallback(
    (move: typeof undo) => {
      const result = move(history, value);
      if (!result) return;
      setHistory(result.history);
      onChange(result.present);
    },
    [history, value, onChange],
  );

  return {
    commit,
    add: useCallback((shape: MaskShape) => commit([...value, shape]), [commit, value]),
    clear: useCallback(() => value.length > 0 && commit([]), [commit, value]),
    undo: useCallback(() => step(undo), [step]),
    redo: useCallback(() => step(redo), [step]),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
