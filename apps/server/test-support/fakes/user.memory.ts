import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../src/db/schema/index.ts';
import type { UserService } from '../../src/modules/user/index.ts';
import { AppError } from '../../src/shared/app-error.ts';
import type { MemoryStore } from './memory-store.ts';

/** What the sign-in flows ask of the user module. */
type SignInUsers = Pick<UserService, 'findByIdentity' | 'assertAvailable' | 'create' | 'setPassword'>;

/**
 * Accounts as the sign-in flows see them (user.service.ts) over in-memory rows: unique phone, e-mail
 * and username (the username case-insensitively), refused as taken with the same codes, and rows
 * that vanish with a transaction that failed. `hash` stands for the password hashing.
 */
export function createMemoryUsers(store: MemoryStore, hash: (password: string) => Promise<string>) {
  const rows = store.table<UserRow>();
  const find = (match: (row: UserRow) => boolean) => [...rows.values()].find(match) ?? null;
  const byPhone = (phone: string) => find((r) => r.phone === phone);
  const byEmail = (email: string) => find((r) => r.email === email);
  const byUsername = (name: string) => find((r) => r.username.toLowerCase() === name.toLowerCase());

  const users: SignInUsers = {
    findByIdentity: async (id) => (id.phone ? byPhone(id.phone) : id.email ? byEmail(id.email) : null),
    async assertAvailable(fields) {
      if (fields.phone && byPhone(fields.phone)) throw new AppError('PHONE_TAKEN');
      if (fields.email && byEmail(fields.email)) throw new AppError('EMAIL_TAKEN');
      if (fields.username && byUsername(fields.username)) throw new AppError('USERNAME_TAKEN');
    },
    async create(values) {
      // The unique indexes, as the database would refuse the insert.
      await users.assertAvailable({
        phone: values.phone ?? undefined,
        email: values.email ?? undefined,
        username: values.username,
      });
      const at = store.now();
      const row = {
        id: randomUUID(),
        nickname: values.username,
        email: null,
        phone: null,
        passwordHash: null,
        occupation: 'others',
        gender: 'unknown',
        signature: '',
        avatarKey: null,
        isVip: false,
        inviteCode: randomUUID().slice(0, 8).toUpperCase(),
        wechatOpenId: null,
        googleSub: null,
        invitedBy: null,
        suspendedAt: null,
        guideProgress: {},
        createdAt: at,
        updatedAt: at,
        ...values,
      } as UserRow;
      rows.set(row.id, row);
      return { ...row };
    },
    async setPassword(userId, password) {
      const row = rows.get(userId);
      if (row) row.passwordHash = await hash(password);
    },
  };

  /** An account as registration leaves it, with `password` set. */
  async function addUser(fields: Partial<UserRow> & { username: string; password: string }) {
    const { password, ...rest } = fields;
    return users.create({ ...rest, passwordHash: await hash(password) });
  }

  return { users, rows, addUser };
}
