export { createIdentityModule } from './identity.module.ts';
export { sweepExpiredIdentity } from './housekeeping.ts';
export type { RateCounterService } from './rate-counter.service.ts';
export { sessionIdOf, type SessionService, type SessionUser } from './session.service.ts';
export type { Throttle } from './throttle.ts';
export type { VerificationCodeService } from './verification-code.service.ts';
export { isVipNow } from './vip.ts';
