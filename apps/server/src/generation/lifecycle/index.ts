export { createTaskLifecycle, type TaskLifecycle, type LifecycleDeps } from './lifecycle.ts';
export { createTaskStateRepository, type TaskStateRepository } from './task-state.repository.ts';
export { TRANSITIONS } from './transitions.ts';
