export * from './limits.ts';
export * from './errors.ts';
export { envelope, errorEnvelope, type Envelope, type ErrorEnvelope } from './envelope.ts';
export * from './route.ts';
export * from './system.ts';
export * from './user.ts';
export * from './system.endpoints.ts';
export * from './user.endpoints.ts';
