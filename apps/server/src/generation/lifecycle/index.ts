export { createTaskLifecycle, type TaskLifecycle, type LedgerPort } from './lifecycle.ts';
export { TRANSITIONS, MAX_ATTEMPTS, type LifecycleEvent } from './transitions.ts';
