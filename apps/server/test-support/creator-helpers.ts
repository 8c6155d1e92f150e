import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { appHeaders, type TestApp } from './test-app.ts';
import { uploads, userStats, works } from '../src/db/schema/index.ts';

/**
 * A published work written straight to the database, with the creator's works counter moved as
 * publishing moves it: for tests about follows, creators and moderation rather than publishing.
 */
export async function seedWork(
  t: TestApp,
  userId: string,
  fields: Partial<typeof works.$inferInsert> = {},
): Promise<{ id: string; uploadId: string }> {
  const { db } = t.database;
  const id = randomUUID();
  const [upload] = await db
    .insert(uploads)
    .values({
      userId,
      kind: 'result',
      key: `private/result/${id}.png`,
      thumbKey: `private/result/${id}.thumb.webp`,
      mime: 'image/png',
      width: 512,
      height: 384,
      bytes: 1000,
    })
    .returning();
  const [work] = await db
    .insert(works)
    .values({ userId, uploadId: upload!.id, title: `Work ${id.slice(0, 6)}`, width: 512, height: 384, ...fields })
    .returning();
  if (work!.state === 'published') {
    await db
      .insert(userStats)
      .values({ userId, works: 1 })
      .onConflictDoUpdate({ target: userStats.userId, set: { works: sql`${userStats.works} + 1` } });
  }
  return { id: work!.id, uploadId: upload!.id };
}

/** Sets a counter of the creator's public stats, as likes and collections received would. */
export async function setStats(t: TestApp, userId: string, stats: Partial<typeof userStats.$inferInsert>) {
  await t.database.db
    .insert(userStats)
    .values({ userId, ...stats })
    .onConflictDoUpdate({ target: userStats.userId, set: stats });
}

export async function statsOf(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(userStats).where(eq(userStats.userId, userId));
  return row ?? null;
}

/** A GET of the creator API (follow calls included) as the web client makes it. */
export function creatorGet(
  t: TestApp,
  path: string,
  query: Record<string, string | number | undefined>,
  cookie?: string,
  headers: Record<string, string> = appHeaders(),
) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return t.app.inject({
    method: 'GET',
    url: `/turing/user/${path}?${params}`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}
