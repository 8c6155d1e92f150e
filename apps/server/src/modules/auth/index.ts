export { createAuthModule } from './auth.module.ts';
export { sweepExpired } from './housekeeping.ts';
