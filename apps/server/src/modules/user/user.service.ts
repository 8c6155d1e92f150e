import { randomBytes } from 'node:crypto';
import type { ChangePasswordBody, UpdateInfoBody } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { UploadService } from '../upload/upload.service.ts';
import { createUserRepository, type NewUser } from './user.repository.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from(randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');

export interface Identity {
  phone?: string;
  email?: string;
}

export function createUserService(deps: { db: Db; sessions: SessionService; uploads: UploadService }) {
  const repo = createUserRepository(deps.db);

  return {
    findById: (id: string) => repo.findById(id),
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

    /** Creates a user, inside the caller's transaction when given one. */
    async create(values: Omit<NewUser, 'inviteCode' | 'nickname'> & { nickname?: string }, tx?: Db) {
      const r = tx ? createUserRepository(tx) : repo;
      return r.insert({ ...values, nickname: values.nickname ?? values.username, inviteCode: newInviteCode() });
    },

    async setPassword(userId: string, password: string, tx?: Db) {
      const r = tx ? createUserRepository(tx) : repo;
      await r.update(userId, { passwordHash: await hashPassword(password) });
      deps.sessions.userChanged(userId);
    },

    async link(userId: string, patch: { googleSub?: string; wechatOpenId?: string; email?: string; phone?: string }) {
      const row = await repo.update(userId, patch);
      deps.sessions.userChanged(userId);
      return row;
    },

    async updateInfo(user: UserRow, body: UpdateInfoBody) {
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
    async changePassword(user: UserRow, sessionToken: string, body: ChangePasswordBody) {
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, body.oldPassword ?? ''))) {
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      await repo.update(user.id, { passwordHash: await hashPassword(body.password) });
      // Also drops this session's cached row, so the next request sees the new hash.
      await deps.sessions.revokeOthers(user.id, sessionToken);
    },

    async setGuideStep(userId: string, key: string, done: boolean) {
      const progress = await repo.setGuideStep(userId, key, done);
      deps.sessions.userChanged(userId);
      return progress;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
