import type { OperatorMe, OperatorRole, OperatorSummary } from '@turing/contract';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor, AuditWrite } from '../../shared/audit.ts';
import type { RateCounterService } from '../identity/index.ts';
import type { OperatorRow, OperatorsRepository } from './operators.repository.ts';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryDigest, totpStep, totpUri } from './totp.ts';

/**
 * Codes an operator may try: 10 per 15 minutes (a typo or two never locks anyone out), and 30 a day,
 * which a success does not reset, so a stolen password buys at most 30 guesses of a 6-digit code a
 * day whatever the real operator does meanwhile.
 */
const TOTP_MAX_TRIES = 10;
const TOTP_WINDOW_MS = 15 * 60_000;
const TOTP_MAX_TRIES_A_DAY = 30;
const DAY_MS = 24 * 3_600_000;
/** How long a started set-up waits for its first code. */
const ENROL_MINUTES = 10;

interface OperatorAccount {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  suspendedAt: Date | null;
}

export interface OperatorsDeps {
  operators: Scoped<OperatorsRepository>;
  transaction: Transactor;
  limits: RateCounterService;
  /** The account an operator names (user id, username, e-mail or phone). */
  findUser: (text: string) => Promise<OperatorAccount | null>;
  /** How the console shows an operator's contact (masked, as on a profile). */
  contactOf: (user: { email: string | null; phone: string | null }) => string | null;
  /** Every operator must pass a second factor (production), not only those who set one up. */
  secondFactorRequired: boolean;
  /** An account's role changed: its cached profile (the header's console link) is read again. */
  onRoleChanged: (userId: string) => void;
  now?: () => Date;
}

/** Who an operator session is: the role, and where it stands with the second factor. */
export interface OperatorAccess {
  role: OperatorRole;
  enrolled: boolean;
  passed: boolean;
  recovery: number;
}

const summary = (row: OperatorRow, user: OperatorAccount, contact: string | null): OperatorSummary => ({
  userId: row.userId,
  username: user.username,
  contact,
  role: row.role as OperatorRole,
  secondFactor: row.totpSecret !== null,
  grantedBy: row.grantedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Operators, their roles and their second factor. */
export function createOperatorsService(deps: OperatorsDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = deps.operators.pool;

  const target = async (text: string) => {
    const user = await deps.findUser(text);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  };

  /** Counts a try against the operator's window; past it, TOTP_LOCKED until the window ends. */
  const tryCode = async (userId: string) => {
    try {
      await deps.limits.consume(`totp:${userId}`, TOTP_MAX_TRIES, TOTP_WINDOW_MS);
      await deps.limits.consume(`totp-day:${userId}`, TOTP_MAX_TRIES_A_DAY, DAY_MS);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED')
        throw new AppError('TOTP_LOCKED', { params: err.params });
      throw err;
    }
  };

  const meOf = (actor: AuditActor, access: OperatorAccess | null): OperatorMe => ({
    via: actor.via,
    role: actor.role,
    user: actor.userId ? { id: actor.userId, username: actor.name } : null,
    secondFactor: {
      enrolled: access?.enrolled ?? false,
      required: actor.via === 'session' && deps.secondFactorRequired,
      passed:
        actor.via === 'token' || (access ? access.passed || (!access.enrolled && !deps.secondFactorRequired) : false),
      recoveryCodesLeft: access?.recovery ?? 0,
    },
  });

  return {
    secondFactorRequired: deps.secondFactorRequired,

    async access(userId: string, sessionId: string | null): Promise<OperatorAccess | null> {
      const row = await repo.forSession(userId, sessionId);
      return row ? { ...row, role: row.role as OperatorRole } : null;
    },

    async me(actor: AuditActor, sessionId: string | null) {
      return meOf(actor, actor.userId ? await this.access(actor.userId, sessionId) : null);
    },

    async list(): Promise<OperatorSummary[]> {
      const rows = await repo.list();
      return rows.map((r) =>
        summary(
          r.operator,
          { id: r.operator.userId, username: r.username, email: r.email, phone: r.phone, suspendedAt: null },
          deps.contactOf(r),
        ),
      );
    },

    /** Makes an account an operator or changes the role; never leaves the service without an owner. */
    async grant(text: string, role: OperatorRole, by: AuditActor, audit: AuditWrite) {
      const user = await target(text);
      if (user.suspendedAt) throw new AppError('OPERATOR_SUSPENDED');
      const done = await deps.transaction(async (tx) => {
        const r = deps.operators.in(tx);
        const owners = await r.lockOwners();
        if (role !== 'owner' && owners.length === 1 && owners[0] === user.id) throw new AppError('OPERATOR_LAST_OWNER');
        const { before, after } = await r.upsert(user.id, role, by.name);
        await audit(tx, {
          targetType: 'operator',
          targetId: user.id,
          targetLabel: user.username,
          before: before ? { role: before.role } : null,
          after: { role },
        });
        return summary(after, user, deps.contactOf(user));
      });
      deps.onRoleChanged(user.id);
      return done;
    },

    async revoke(text: string, audit: AuditWrite) {
      const user = await target(text);
      const done = await deps.transaction(async (tx) => {
        const r = deps.operators.in(tx);
        const owners = await r.lockOwners();
        if (owners.length === 1 && owners[0] === user.id) throw new AppError('OPERATOR_LAST_OWNER');
        const removed = await r.remove(user.id);
        if (!removed) throw new AppError('OPERATOR_NOT_FOUND');
        await audit(tx, {
          targetType: 'operator',
          targetId: user.id,
          targetLabel: user.username,
          before: { role: removed.role },
          after: null,
        });
        return { userId: user.id, username: user.username };
      });
      deps.onRoleChanged(user.id);
      return done;
    },

    /** A lost phone: the operator sets up a new authenticator at their next sign-in to the console. */
    async resetSecondFactor(text: string, audit: AuditWrite) {
      const user = await target(text);
      return deps.transaction(async (tx) => {
        const row = await deps.operators.in(tx).resetSecondFactor(user.id);
        if (!row) throw new AppError('OPERATOR_NOT_FOUND');
        await audit(tx, {
          targetType: 'operator',
          targetId: user.id,
          targetLabel: user.username,
          before: { secondFactor: true },
          after: { secondFactor: false },
        });
        return summary(row, user, deps.contactOf(user));
      });
    },

    /**
     * Starts setting up an authenticator. Replacing one already set up needs this session to have
     * passed it: a stolen password alone must not swap the second factor.
     */
    async enrol(actor: AuditActor, access: OperatorAccess, audit: AuditWrite) {
      if (!actor.userId) throw new AppError('ADMIN_FORBIDDEN');
      if (access.enrolled && !access.passed) throw new AppError('ADMIN_SECOND_FACTOR');
      const secret = newTotpSecret();
      await deps.transaction(async (tx) => {
        await deps.operators
          .in(tx)
          .setPending(actor.userId!, secret, new Date(now().getTime() + ENROL_MINUTES * 60_000));
        await audit(tx, {
          targetType: 'operator',
          targetId: actor.userId!,
          targetLabel: actor.name,
          after: { enrolling: true },
        });
      });
      return { secret, uri: totpUri(secret, actor.name) };
    },

    /** Finishes the set-up with a first code: the session passes, the recovery codes are shown once. */
    async confirm(actor: AuditActor, sessionId: string | null, code: string, audit: AuditWrite) {
      if (!actor.userId || !sessionId) throw new AppError('ADMIN_FORBIDDEN');
      await tryCode(actor.userId);
      const row = await repo.get(actor.userId);
      if (!row?.totpPending || !row.totpPendingUntil || row.totpPendingUntil <= now())
        throw new AppError('TOTP_NOT_STARTED');
      const step = totpStep(row.totpPending, code, now());
      if (step === null) throw new AppError('TOTP_INVALID');
      const codes = newRecoveryCodes();
      await deps.transaction(async (tx) => {
        const r = deps.operators.in(tx);
        const done = await r.confirmPending(actor.userId!, row.totpPending!, step, codes.map(recoveryDigest), now());
        if (!done) throw new AppError('TOTP_NOT_STARTED');
        await r.forgetOtherSessions(actor.userId!, sessionId);
        await r.passSession(sessionId, actor.userId!);
        await audit(tx, {
          targetType: 'operator',
          targetId: actor.userId!,
          targetLabel: actor.name,
          before: { secondFactor: row.totpSecret !== null },
          after: { secondFactor: true },
        });
      });
      await deps.limits.clear(`totp:${actor.userId}`);
      return { recoveryCodes: codes };
    },

    /** Passes the second factor for this session with a current code (once) or a recovery code (once). */
    async verify(actor: AuditActor, sessionId: string | null, code: string, audit: AuditWrite) {
      if (!actor.userId || !sessionId) throw new AppError('ADMIN_FORBIDDEN');
      await tryCode(actor.userId);
      const row = await repo.get(actor.userId);
      if (!row?.totpSecret) throw new AppError('ADMIN_ENROL_REQUIRED');
      const recovery = looksLikeRecoveryCode(code);
      await deps.transaction(async (tx) => {
        const r = deps.operators.in(tx);
        let ok: boolean;
        if (recovery) {
          ok = await r.useRecoveryCode(actor.userId!, recoveryDigest(code));
        } else {
          const step = totpStep(row.totpSecret!, code, now());
          ok = step !== null && (await r.useStep(actor.userId!, step));
        }
        if (!ok) throw new AppError('TOTP_INVALID');
        await r.passSession(sessionId, actor.userId!);
        await audit(tx, {
          targetType: 'operator',
          targetId: actor.userId!,
          targetLabel: actor.name,
          after: { secondFactor: recovery ? 'recovery code' : 'authenticator' },
        });
      });
      await deps.limits.clear(`totp:${actor.userId}`);
      return this.me(actor, sessionId);
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
