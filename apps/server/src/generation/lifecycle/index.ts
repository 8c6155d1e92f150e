export { createTaskLifecycle, type TaskLifecycle, type LedgerPort, type LifecycleDeps } from './lifecycle.ts';
export { TRANSITIONS, MAX_ATTEMPTS, type LifecycleEvent } from './transitions.ts';
