import { randomBytes } from 'node:crypto';
import type { bindContactBody, ChangePasswordBody, ErrorCode, UpdateInfoBody } from '@turing/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import { uniqueViolation } from '../../shared/unique-violation.ts';
import type { SessionService, SessionUser, Throttle, VerificationCodeService } from '../identity/index.ts';
import type { UploadService } from '../upload/index.ts';
import type { NewUser, UserPatch, UserRepository } from './user.repository.ts';

/** Beginner-guide steps one user may record: the product has a handful; any key is accepted. */
export const GUIDE_STEPS_MAX = 50;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from(randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');

/** Which identifier a unique index protects, as the error a caller sees. */
const TAKEN: Record<string, ErrorCode> = {
  users_username_unique: 'USERNAME_TAKEN',
  users_username_lower_idx: 'USERNAME_TAKEN',
  users_email_unique: 'EMAIL_TAKEN',
  users_phone_unique: 'PHONE_TAKEN',
  users_wechat_open_id_unique: 'WECHAT_TAKEN',
  users_google_sub_unique: 'GOOGLE_FAILED',
};

/** Runs a write; another request that took the same identifier first answers as "taken", not 500. */
async function mapTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    const code = constraint === null ? undefined : TAKEN[constraint];
    if (code) throw new AppError(code);
    throw err;
  }
}

type BindContactInput = z.output<typeof bindContactBody>;

export interface Identity {
  phone?: string;
  email?: string;
}

export function createUserService(deps: {
  users: Scoped<UserRepository>;
  transaction: Transactor;
  sessions: SessionService;
  uploads: UploadService;
  codes: VerificationCodeService;
  throttle: Throttle;
}) {
  const repo = deps.users.pool;

  return {
    findById: (id: string) => repo.findById(id),
    /** The account an operator names: id, username, e-mail or phone. */
    async findForOperator(text: string) {
      const v = text.trim();
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return repo.findById(v);
      if (v.includes('@')) return repo.findByEmail(v.toLowerCase());
      if (v.startsWith('+')) return repo.findByPhone(v.replace(/[^\d+]/g, ''));
      return repo.findByUsername(v);
    },
    findByIdentity: (id: Identity) =>
      id.phone ? repo.findByPhone(id.phone) : id.email ? repo.findByEmail(id.email) : Promise.resolve(null),
    findByGoogleSub: (sub: string) => repo.findByGoogleSub(sub),
    findByEmail: (email: string) => repo.findByEmail(email),
    findByWechat: (openId: string) => repo.findByWechat(openId),

    /** Each taken identifier gets its own message; nothing is written. */
    async assertAvailable(fields: { phone?: string; email?: string; username?: string }) {
      if (fields.phone && (await repo.findByPhone(fields.phone))) throw new AppError('PHONE_TAKEN');
      if (fields.email && (await repo.findByEmail(fields.email))) throw new AppError('EMAIL_TAKEN');
      if (fields.username && (await repo.findByUsername(fields.username))) throw new AppError('USERNAME_TAKEN');
    },

    async usernameFree(username: string) {
      return (await repo.findByUsername(username)) === null;
    },

    /** Creates a user, inside the caller's transaction when given one; a taken identifier answers as such. */
    async create(values: Omit<NewUser, 'inviteCode' | 'nickname'> & { nickname?: string }, tx?: Db) {
      const r = tx ? deps.users.in(tx) : repo;
      return mapTaken(() =>
        r.insert({ ...values, nickname: values.nickname ?? values.username, inviteCode: newInviteCode() }),
      );
    },

    async setPassword(userId: string, password: string, tx?: Db) {
      const r = tx ? deps.users.in(tx) : repo;
      await r.update(userId, { passwordHash: await hashPassword(password) });
      deps.sessions.userChanged(userId);
    },

    async link(userId: string, patch: Pick<UserPatch, 'googleSub' | 'wechatOpenId' | 'email' | 'phone'>) {
      const row = await mapTaken(() => repo.update(userId, patch));
      deps.sessions.userChanged(userId);
      return row;
    },

    /**
     * Adds a verified phone or e-mail to an account that has none yet. The code is spent and the
     * address written in one transaction: when someone else holds the address, nothing changes
     * and the code still works.
     */
    async bindContact(user: SessionUser, body: BindContactInput, ip: string) {
      const field = body.phone ? 'phone' : 'email';
      const target = (body.phone ?? body.email)!;
      if (user[field]) throw new AppError(field === 'phone' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND');
      await deps.throttle.submission('bind', target, ip);
      const code = await deps.codes.check({ target, purpose: 'bind', code: body.code });
      const row = await deps.transaction(async (tx) => {
        await deps.codes.consume(code.id, tx);
        // Only while the field is still empty: two bindings at once cannot overwrite each other.
        const updated = await mapTaken(() => deps.users.in(tx).fillIfEmpty(user.id, field, target));
        if (!updated) throw new AppError(field === 'phone' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND');
        return updated;
      });
      deps.sessions.userChanged(user.id);
      return row;
    },

    async updateInfo(user: SessionUser, body: UpdateInfoBody) {
      const patch: Partial<NewUser> = {};
      if (body.nickname !== undefined) patch.nickname = body.nickname;
      if (body.signature !== undefined) patch.signature = body.signature;
      if (body.gender !== undefined) patch.gender = body.gender;
      if (body.occupation !== undefined) patch.occupation = body.occupation;
      if (body.avatarUploadId !== undefined) {
        const upload = await deps.uploads.getOwned(body.avatarUploadId, user.id, 'avatar');
        patch.avatarKey = upload.key;
      }
      if (Object.keys(patch).length === 0) return user;
      const row = (await repo.update(user.id, patch))!;
      deps.sessions.userChanged(user.id);
      // The replaced avatar is referenced nowhere else: remove it once the new one is saved.
      if (patch.avatarKey && user.avatarKey && user.avatarKey !== patch.avatarKey) {
        await deps.uploads.discard(user.avatarKey);
      }
      return row;
    },

    /** A new password; every other session of the user ends, this one stays. */
    async changePassword(user: SessionUser, sessionToken: string, body: ChangePasswordBody) {
      // The hash is read now, from the database: no cache ever holds it.
      const current = await repo.passwordHash(user.id);
      if (current && !(await verifyPassword(current, body.oldPassword ?? ''))) {
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      await repo.update(user.id, { passwordHash: await hashPassword(body.password) });
      await deps.sessions.revokeOthers(user.id, sessionToken);
    },

    /** Past GUIDE_STEPS_MAX distinct steps a new one is refused: the progress rides along with every session. */
    async setGuideStep(userId: string, key: string, done: boolean) {
      const progress = await repo.setGuideStep(userId, key, done, GUIDE_STEPS_MAX);
      if (!progress) throw new AppError('VALIDATION');
      deps.sessions.userChanged(userId);
      return progress;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
