import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Database } from '../src/db/client.ts';
import { confirm, createOrder } from './billing-helpers.ts';
import { finished, getTask, photo, submit, until, uploadImage } from './design-helpers.ts';
import { seedUser, type TestApp } from './test-app.ts';
import { publish } from './works.fixtures.ts';

/**
 * A small product to back up and restore: two users, each with a paid order, an uploaded photo and
 * a finished generation (its result image and thumbnail), and a work published from one result.
 * `t` must run workers (buildGenerationApp).
 */
export async function seedProduct(t: TestApp) {
  const users = [];
  for (let i = 0; i < 2; i += 1) {
    const { user, cookie } = await seedUser(t);
    const order = (await createOrder(t, cookie, { productId: 'cubes-200', provider: 'dev' })).data.order;
    await confirm(t, cookie, order.id);
    await uploadImage(t, cookie, await photo(96, 72), 'base');
    const task = (await submit(t, cookie, { mode: 'text', prompt: `a pavilion ${i}` })).json().data;
    const done = await until(() => getTask(t, cookie, task.id as string), finished);
    if (done.state !== 'complete') throw new Error(`the seeded task ended ${done.state}`);
    users.push({ id: user.id, cookie, taskId: done.id, resultId: done.results[0]!.id });
  }
  await publish(t, users[0]!.cookie, { imageId: users[0]!.resultId, title: 'Backed up' });
  return users;
}

const TABLES = [
  'users',
  'orders',
  'tasks',
  'works',
  'uploads',
  'ledger',
  'accounts',
  'sessions',
  'folder_items',
] as const;

/** The rows of each table that matters to a user, as sorted ids (or counts where there is no id). */
export async function productRows(database: Database) {
  const out = {} as Record<(typeof TABLES)[number], string[]>;
  for (const table of TABLES) {
    const key = table === 'accounts' ? 'user_id' : table === 'folder_items' ? 'folder_id' : 'id';
    const rows = await database.query<{ k: string }>(`select ${key}::text as k from ${table} order by 1`);
    out[table] = rows.map((r) => r.k);
  }
  return out;
}

/**
 * Every stored image of the restored product opens (read through its storage and decoded), with
 * the size its row records; resolves to how many were checked.
 */
export async function everyImageOpens(t: Pick<TestApp, 'app' | 'database'>): Promise<number> {
  const storage = t.app.services!.storage;
  const rows = await t.database.query<{ key: string; thumb_key: string | null; width: number; height: number }>(
    'select key, thumb_key, width, height from uploads order by created_at',
  );
  let opened = 0;
  for (const row of rows) {
    const image = await storage.get(row.key);
    if (!image) throw new Error(`${row.key} is missing`);
    const meta = await sharp(image).metadata();
    if (meta.width !== row.width || meta.height !== row.height)
      throw new Error(`${row.key} is ${meta.width}×${meta.height}, its row says ${row.width}×${row.height}`);
    opened += 1;
    if (!row.thumb_key) continue;
    const thumb = await storage.get(row.thumb_key);
    if (!thumb) throw new Error(`${row.thumb_key} is missing`);
    await sharp(thumb).metadata();
    opened += 1;
  }
  return opened;
}

/**
 * What must hold in any consistent copy of the product: every balance is its ledger's sum, every
 * task was charged exactly once and refunded at most once, and the active-task counters match the
 * tasks still queued or running. Resolves to the violations (none: consistent).
 */
export async function inconsistencies(database: Database): Promise<string[]> {
  const balances = await database.query<{ user_id: string; cubes: number; sum: number }>(
    `select a.user_id, a.cubes, coalesce((select sum(l.cubes) from ledger l where l.user_id = a.user_id), 0)::int as sum
       from accounts a`,
  );
  const charges = await database.query<{ id: string; charges: number; refunds: number }>(
    `select t.id,
       (select count(*)::int from ledger l where l.idempotency_key = 'charge:' || t.id) as charges,
       (select count(*)::int from ledger l where l.idempotency_key in ('refund:' || t.id, 'refund-undelivered:' || t.id)) as refunds
     from tasks t`,
  );
  const active = await database.query<{ user_id: string; counter: number; live: number }>(
    `select a.user_id, a.active_tasks as counter,
       (select count(*)::int from tasks t where t.user_id = a.user_id and t.state in ('queued', 'generating')) as live
     from accounts a`,
  );
  return [
    ...balances.filter((b) => b.cubes !== b.sum).map((b) => `${b.user_id}: balance ${b.cubes}, ledger sum ${b.sum}`),
    ...charges
      .filter((c) => c.charges !== 1 || c.refunds > 1)
      .map((c) => `task ${c.id}: ${c.charges} charges, ${c.refunds} refunds`),
    ...active.filter((a) => a.counter !== a.live).map((a) => `${a.user_id}: ${a.counter} active, ${a.live} live`),
  ];
}

/** Every file under `dir` with a digest of its content, to show a refused restore changed nothing. */
export function snapshotOf(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}
