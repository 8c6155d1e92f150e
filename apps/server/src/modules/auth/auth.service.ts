import type { Locale, loginBody, registerBody, resetBody, verCodeBody } from '@turing/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import type { InvitationService } from '../billing/index.ts';
import type { SessionService, SessionUser, Throttle, VerificationCodeService } from '../identity/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { UserService } from '../user/index.ts';
import type { KnownDevices } from './known-device.ts';

type VerCodeInput = z.output<typeof verCodeBody>;
type RegisterInput = z.output<typeof registerBody>;
type LoginInput = z.output<typeof loginBody>;
type ResetInput = z.output<typeof resetBody>;

const targetOf = (v: { phone?: string; email?: string }) => (v.phone ?? v.email)!;

export interface AuthServiceDeps {
  /** Opens the transaction an account's creation or a reset commits in, with the code it spends. */
  transaction: Transactor;
  users: Pick<UserService, 'findByIdentity' | 'assertAvailable' | 'create' | 'setPassword'>;
  codes: VerificationCodeService;
  sessions: Pick<SessionService, 'revokeAll'>;
  messaging: Pick<MessagingService, 'sendCode' | 'sendAccountExists'>;
  throttle: Throttle;
  devices: KnownDevices;
  invitations: Pick<InvitationService, 'inviterForRegistration' | 'bindNewAccount'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** argon2id unless given (the rules tests count attempts, not hashing work). */
  passwords?: {
    hash(password: string): Promise<string>;
    verify(stored: string | null, password: string): Promise<boolean>;
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, codes, throttle, devices, messaging, log } = deps;
  const passwords = deps.passwords ?? { hash: hashPassword, verify: verifyPassword };
  /** Reset and login messages still being sent after their answer went out. */
  const pending = new Set<Promise<void>>();

  return {
    /**
     * Sends a code. Register, reset and login answer alike whether or not the address has an account:
     * a registered address receives "you already have an account" instead of a code, an unknown
     * address asked for a reset or login code receives nothing, and both get a stand-in code that no
     * guess matches, so cooldowns and wrong-code answers look the same as for a real one.
     */
    async sendCode(body: VerCodeInput, ctx: { locale: Locale; user: SessionUser | null; ip: string }) {
      const target = (body.channel === 'phone' ? body.phone : body.email)!;
      const identity = body.channel === 'phone' ? { phone: target } : { email: target };
      if (body.purpose === 'bind' && !ctx.user) throw new AppError('SESSION_EXPIRED');
      await throttle.codeRequest(target, ctx.ip);
      const existing = await users.findByIdentity(identity);
      // A signed-in user binding an address may learn that it is taken: they must prove it with a code anyway.
      if (body.purpose === 'bind' && existing)
        throw new AppError(body.channel === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');

      const accountExists = body.purpose === 'register' && existing !== null;
      // Reset and login codes go to an account's owner only.
      const ownerOnly = body.purpose === 'reset' || body.purpose === 'login';
      const unknownOwner = ownerOnly && existing === null;
      const issued = await codes.issue({
        channel: body.channel,
        target,
        purpose: body.purpose,
        deliverable: !accountExists && !unknownOwner,
      });
      const message = { channel: body.channel, to: target, locale: ctx.locale };
      const deliver = async () => {
        if (unknownOwner) return;
        if (accountExists) await messaging.sendAccountExists(message);
        else await messaging.sendCode({ ...message, purpose: body.purpose, code: issued.code });
      };

      if (ownerOnly) {
        // Whether a message goes out must not show in the answer's timing: it is sent after answering.
        const sending: Promise<void> = deliver()
          .catch(async (err: unknown) => {
            log.error({ err, purpose: body.purpose }, 'code delivery failed');
            await codes.withdraw(issued.id).catch(() => {});
          })
          .finally(() => pending.delete(sending));
        pending.add(sending);
        return;
      }
      try {
        await deliver();
      } catch (err) {
        await codes.withdraw(issued.id);
        throw err;
      }
    },

    /** Resolves once every message sent after its answer has gone out (or failed). */
    async settled() {
      await Promise.all([...pending]);
    },

    /** The code is checked before anything about the account is said. */
    async register(body: RegisterInput, ctx: { ip: string }) {
      const target = targetOf(body);
      await throttle.submission('register', target, ctx.ip);
      const code = await codes.check({ target, purpose: 'register', code: body.code });
      await users.assertAvailable({ phone: body.phone, email: body.email, username: body.username });
      // A mistyped invitation code refuses the registration before anything is written, so it can be corrected.
      const inviter = body.inviteCode ? await deps.invitations.inviterForRegistration(body.inviteCode) : null;
      const passwordHash = await passwords.hash(body.password);
      // A unique index refusing the insert rolls the code back too, so it can be used again.
      return deps.transaction(async (tx) => {
        await codes.consume(code.id, tx);
        const user = await users.create(
          {
            username: body.username,
            phone: body.phone ?? null,
            email: body.email ?? null,
            passwordHash,
            occupation: body.occupation,
          },
          tx,
        );
        if (inviter) await deps.invitations.bindNewAccount(tx, user.id, inviter.id);
        return user;
      });
    },

    /**
     * `device` is the known-device cookie. While the account is under attack, a browser it has not
     * signed in from needs a code sent to the account as well as the password: the strangers'
     * failures cost the owner one code, never the sign-in. The code is asked for and checked before
     * the password, so the answer never tells a guesser whether the password was right.
     */
    async login(body: LoginInput, ctx: { ip: string; device?: string }) {
      const account = targetOf(body);
      // Counted before the password is checked: parallel guesses cannot all pass a stale count.
      const { underAttack } = await throttle.login(account, ctx.ip);
      const user = await users.findByIdentity(body);
      // An address without an account is "under attack" alike: the answer says nothing of who exists.
      const proof = underAttack && !(user && devices.knows(ctx.device, user.id));
      let code: Awaited<ReturnType<typeof codes.check>> | null = null;
      if (proof) {
        if (!body.code) throw new AppError('LOGIN_VERIFICATION_REQUIRED');
        code = await codes.check({ target: account, purpose: 'login', code: body.code });
      }
      const ok = await passwords.verify(user?.passwordHash ?? null, body.password);
      if (!user || !ok) throw new AppError('LOGIN_FAILED');
      // Said only to whoever knows the password: it tells the owner why, and nobody else anything.
      if (user.suspendedAt) throw new AppError('USER_SUSPENDED');
      // The code proved the owner is here; the attack's count stays, for the other devices.
      if (code) await codes.consume(code.id);
      await throttle.loginSucceeded(account, ctx.ip);
      return user;
    },

    /** The known-device cookie's value after `userId` signed in from the browser that sent `cookie`. */
    rememberDevice: (cookie: string | undefined, userId: string) => devices.remember(cookie, userId),

    async reset(body: ResetInput, ctx: { ip: string }) {
      const target = targetOf(body);
      await throttle.submission('reset', target, ctx.ip);
      // An address without an account holds a stand-in code: every guess is simply wrong.
      const code = await codes.check({ target, purpose: 'reset', code: body.code });
      const user = await users.findByIdentity(body);
      if (!user) throw new AppError('RESET_FAILED');
      await deps.transaction(async (tx) => {
        await codes.consume(code.id, tx);
        await users.setPassword(user.id, body.password, tx);
      });
      await deps.sessions.revokeAll(user.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
