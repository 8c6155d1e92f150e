export { createAuthModule, type AuthModule, type AuthModuleDeps } from './auth.module.ts';
export { authModule } from './auth.routes.ts';
export { sweepExpired } from './housekeeping.ts';
export type { AuthService } from './auth.service.ts';
export type { OAuthService } from './oauth.service.ts';
export type { RateCounterService } from './rate-counter.service.ts';
export { sessionIdOf, type SessionService, type SessionUser } from './session.service.ts';
export type { Throttle } from './throttle.ts';
export type { VerificationCodeService } from './verification-code.service.ts';
