import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export function createUserRepository(db: Db) {
  const one = async (rows: Promise<UserRow[]>) => (await rows)[0] ?? null;
  return {
    findById: (id: string) => one(db.select().from(users).where(eq(users.id, id)).limit(1)),
    findByPhone: (phone: string) => one(db.select().from(users).where(eq(users.phone, phone)).limit(1)),
    findByEmail: (email: string) => one(db.select().from(users).where(eq(users.email, email)).limit(1)),
    findByUsername: (username: string) =>
      one(
        db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username})`)
          .limit(1),
      ),
    findByGoogleSub: (sub: string) => one(db.select().from(users).where(eq(users.googleSub, sub)).limit(1)),
    findByWechat: (openId: string) => one(db.select().from(users).where(eq(users.wechatOpenId, openId)).limit(1)),
    async insert(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async update(id: string, patch: UserPatch) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
    async setGuideStep(id: string, key: string, done: boolean) {
      const [row] = await db
        .update(users)
        .set({ guideProgress: sql`${users.guideProgress} || jsonb_build_object(${key}::text, ${done}::boolean)` })
        .where(eq(users.id, id))
        .returning({ guideProgress: users.guideProgress });
      return row?.guideProgress ?? {};
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
