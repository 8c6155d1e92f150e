import { describe, expect, it } from 'vitest';
import { emptyHistory, HISTORY_CAP, record, redo, undo, type History } from './mask-history.ts';

/** Applies edits to a present value the way the editor does, returning both. */
function edits(values: number[], cap?: number) {
  let history: History<number> = emptyHistory();
  let present = 0;
  for (const v of values) {
    history = record(history, present, cap);
    present = v;
  }
  return { history, present };
}

describe('mask history', () => {
  it('has nothing to undo or redo at first', () => {
    expect(undo(emptyHistory<number>(), 0)).toBeNull();
    expect(redo(emptyHistory<number>(), 0)).toBeNull();
  });

  it('undoes edits back to the start and redoes them forward again', () => {
    let { history, present } = edits([1, 2, 3]);
    const seen: number[] = [];
    for (let step = undo(history, present); step; step = undo(history, present)) {
      ({ history, present } = step);
      seen.push(present);
    }
    expect(seen).toEqual([2, 1, 0]);
    for (let step = redo(history, present); step; step = redo(history, present)) {
      ({ history, present } = step);
      seen.push(present);
    }
    expect(seen).toEqual([2, 1, 0, 1, 2, 3]);
  });

  it('clears redo after a new edit', () => {
    const { history, present } = edits([1, 2]);
    const back = undo(history, present)!;
    expect(back.present).toBe(1);
    const branched = record(back.history, back.present);
    expect(redo(branched, 9)).toBeNull();
    expect(undo(branched, 9)!.present).toBe(1);
  });

  it(`keeps at most ${HISTORY_CAP} steps, dropping the oldest`, () => {
    let { history, present } = edits(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(history.past).toHaveLength(HISTORY_CAP);
    let undos = 0;
    for (let step = undo(history, present); step; step = undo(history, present)) {
      ({ history, present } = step);
      undos++;
    }
    expect(undos).toBe(HISTORY_CAP);
    expect(present).toBe(80 - HISTORY_CAP);
  });

  it('honours a custom cap', () => {
    expect(edits([1, 2, 3, 4], 2).history.past).toEqual([2, 3]);
  });

  it('does not mutate the history it is given', () => {
    const { history, present } = edits([1, 2]);
    const frozen = structuredClone(history);
    undo(history, present);
    record(history, present);
    expect(history).toEqual(frozen);
  });
});
