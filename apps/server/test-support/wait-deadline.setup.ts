import { vi } from 'vitest';

/**
 * `vi.waitFor` gives up after one second by default: a deadline a loaded test machine (the API tests
 * share two cores with the journeys) can miss for a condition that does come true. Here it waits up
 * to fifteen seconds unless a test says otherwise; a passing condition still returns as soon as it holds.
 */
const WAIT_FOR_TIMEOUT_MS = 15_000;
const marked = vi as typeof vi & { deadlineSet?: boolean };
if (!marked.deadlineSet) {
  const waitFor = vi.waitFor.bind(vi);
  marked.waitFor = ((callback, options) =>
    waitFor(
      callback,
      typeof options === 'number' ? options : { timeout: WAIT_FOR_TIMEOUT_MS, ...options },
    )) as typeof vi.waitFor;
  marked.deadlineSet = true;
}
