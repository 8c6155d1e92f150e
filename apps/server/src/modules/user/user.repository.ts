import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { isVipNow } from '../identity/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** Every column, with isVip computed from the running time plan rather than the stored flag. */
const profileColumns = { ...getTableColumns(users), isVip: isVipNow };

export function createUserRepository(db: Db) {
  const one = async (rows: Promise<UserRow[]>) => (await rows)[0] ?? null;
  return {
    findById: (id: string) => one(db.select(profileColumns).from(users).where(eq(users.id, id)).limit(1)),
    findByPhone: (phone: string) => one(db.select(profileColumns).from(users).where(eq(users.phone, phone)).limit(1)),
    findByEmail: (email: string) => one(db.select(profileColumns).from(users).where(eq(users.email, email)).limit(1)),
    findByUsername: (username: string) =>
      one(
        db
          .select(profileColumns)
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username})`)
          .limit(1),
      ),
    findByGoogleSub: (sub: string) =>
      one(db.select(profileColumns).from(users).where(eq(users.googleSub, sub)).limit(1)),
    findByWechat: (openId: string) =>
      one(db.select(profileColumns).from(users).where(eq(users.wechatOpenId, openId)).limit(1)),
    /** Read at the moment of a password check, never from a cache. */
    async passwordHash(id: string) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
      return row?.hash ?? null;
    },
    async insert(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning(profileColumns);
      return row!;
    },
    async update(id: string, patch: UserPatch) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(profileColumns);
      return row ?? null;
    },
    /** Sets a phone or e-mail only where the account has none; null when it already had one. */
    async fillIfEmpty(id: string, field: 'phone' | 'email', value: string) {
      const [row] = await db
        .update(users)
        .set({ [field]: value, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users[field])))
        .returning(profileColumns);
      return row ?? null;
    },
    /**
     * Sets one step, unless it is a new one and the user already has `max`: null then. One
     * statement, so the count is of the row as it is when the update takes it.
     */
    async setGuideStep(id: string, key: string, done: boolean, max: number) {
      const [row] = await db
        .update(users)
        .set({ guideProgress: sql`${users.guideProgress} || jsonb_build_object(${key}::text, ${done}::boolean)` })
        .where(
          and(
            eq(users.id, id),
            sql`(${users.guideProgress} ? ${key}::text or (select count(*) from jsonb_object_keys(${users.guideProgress})) < ${max})`,
          ),
        )
        .returning({ guideProgress: users.guideProgress });
      return row?.guideProgress ?? null;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
