import type { bindContactBody, Locale, loginBody, registerBody, resetBody, verCodeBody } from '@turing/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { RateCounterService } from './rate-counter.service.ts';
import type { SessionService } from './session.service.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

type VerCodeInput = z.output<typeof verCodeBody>;
type RegisterInput = z.output<typeof registerBody>;
type LoginInput = z.output<typeof loginBody>;
type ResetInput = z.output<typeof resetBody>;
type BindContactInput = z.output<typeof bindContactBody>;

/** Failed logins per account: five in fifteen minutes, then a pause. */
const LOGIN_FAILURES = { max: 5, windowMs: 15 * 60_000 };
/** Codes per target: ten an hour on top of the one-minute cooldown. */
const CODES_PER_TARGET = { max: 10, windowMs: 60 * 60_000 };

const targetOf = (v: { phone?: string; email?: string }) => (v.phone ?? v.email)!;

export function createAuthService(deps: {
  db: Db;
  users: UserService;
  codes: VerificationCodeService;
  sessions: SessionService;
  messaging: MessagingService;
  limits: RateCounterService;
}) {
  const { users, codes, limits } = deps;

  return {
    async sendCode(body: VerCodeInput, ctx: { locale: Locale; user: UserRow | null }) {
      const target = (body.channel === 'phone' ? body.phone : body.email)!;
      const identity = body.channel === 'phone' ? { phone: target } : { email: target };
      const existing = await users.findByIdentity(identity);
      if (body.purpose === 'register' && existing)
        throw new AppError(body.channel === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
      if (body.purpose === 'bind') {
        if (!ctx.user) throw new AppError('SESSION_EXPIRED');
        if (existing) throw new AppError(body.channel === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
      }
      await limits.consume(`code:target:${target}`, CODES_PER_TARGET.max, CODES_PER_TARGET.windowMs);
      // A reset for an unknown address answers the same as a real one, so nobody can probe accounts.
      if (body.purpose === 'reset' && !existing) return;
      const issued = await codes.issue({ channel: body.channel, target, purpose: body.purpose });
      try {
        await deps.messaging.sendCode({
          channel: body.channel,
          to: target,
          purpose: body.purpose,
          code: issued.code,
          locale: ctx.locale,
        });
      } catch (err) {
        await codes.withdraw(issued.id);
        throw err;
      }
    },

    async register(body: RegisterInput) {
      const target = targetOf(body);
      await users.assertAvailable({ phone: body.phone, email: body.email, username: body.username });
      const code = await codes.check({ target, purpose: 'register', code: body.code });
      const passwordHash = await hashPassword(body.password);
      try {
        return await deps.db.transaction(async (tx) => {
          await codes.consume(tx as unknown as Db, code.id);
          return users.create(
            {
              username: body.username,
              phone: body.phone ?? null,
              email: body.email ?? null,
              passwordHash,
              occupation: body.occupation,
            },
            tx as unknown as Db,
          );
        });
      } catch (err) {
        // Someone took the same phone, e-mail or username between the check and the insert.
        if (err instanceof AppError) throw err;
        await users.assertAvailable({ phone: body.phone, email: body.email, username: body.username });
        throw err;
      }
    },

    async login(body: LoginInput) {
      const key = `login:account:${targetOf(body)}`;
      await limits.assertBelow(key, LOGIN_FAILURES.max);
      const user = await users.findByIdentity(body);
      const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !ok) {
        await limits.record(key, LOGIN_FAILURES.windowMs);
        throw new AppError('LOGIN_FAILED');
      }
      await limits.clear(key);
      return user;
    },

    async reset(body: ResetInput) {
      const target = targetOf(body);
      const code = await codes.check({ target, purpose: 'reset', code: body.code });
      const user = await users.findByIdentity(body);
      if (!user) throw new AppError('RESET_FAILED');
      await deps.db.transaction(async (tx) => {
        await codes.consume(tx as unknown as Db, code.id);
        await users.setPassword(user.id, body.password, tx as unknown as Db);
      });
      await deps.sessions.revokeAll(user.id);
    },

    /** Adds a verified phone or e-mail to an account that has none yet. */
    async bindContact(user: UserRow, body: BindContactInput) {
      const field = body.phone ? 'phone' : 'email';
      if (user[field]) throw new AppError(field === 'phone' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND');
      await users.assertAvailable({ phone: body.phone, email: body.email });
      const code = await codes.check({ target: targetOf(body), purpose: 'bind', code: body.code });
      await codes.consume(deps.db, code.id);
      return (await users.link(user.id, { [field]: targetOf(body) }))!;
    },

    /** The account behind a Google identity: linked by subject, else by verified e-mail, else new. */
    async userForGoogle(identity: { sub: string; email: string | null; emailVerified: boolean; name: string | null }) {
      const bySub = await users.findByGoogleSub(identity.sub);
      if (bySub) return bySub;
      if (identity.email && identity.emailVerified) {
        const byEmail = await users.findByEmail(identity.email);
        if (byEmail) return (await users.link(byEmail.id, { googleSub: identity.sub }))!;
      }
      const base = (identity.email?.split('@')[0] ?? 'designer').replace(/[^\w.-]/g, '').slice(0, 24) || 'designer';
      let username = base;
      for (let i = 0; !(await users.usernameFree(username)); i += 1)
        username = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      return users.create({
        username,
        nickname: identity.name?.slice(0, 32) || username,
        email: identity.email && identity.emailVerified ? identity.email : null,
        googleSub: identity.sub,
        occupation: 'others',
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
