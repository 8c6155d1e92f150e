import sharp from 'sharp';
import { taskParams, type PublishBody, type TaskParams, type WorkCard } from '@turing/contract';
import { tasks } from '../src/db/schema/index.ts';
import { appHeaders, type TestApp } from './test-app.ts';

/** A small PNG whose colour follows `seed`, so each result is its own image. */
async function png(width: number, height: number, seed: number) {
  const hue = (seed * 47) % 360;
  return sharp({
    create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 55%)` },
  })
    .png()
    .toBuffer();
}

let made = 0;
/**
 * A finished task of the user and its result image, as a generation leaves them (without running
 * one): the task keeps the parameters publishing copies.
 */
export async function makeResult(
  t: TestApp,
  userId: string,
  opts: { params?: Record<string, unknown>; prompt?: string; width?: number; height?: number } = {},
) {
  made += 1;
  // The parameters a submit stores, with what the test is about laid over them.
  const params = {
    ...taskParams.parse({ mode: 'text', prompt: opts.prompt ?? `a pavilion ${made}` }),
    ...opts.params,
  } as TaskParams;
  const [task] = await t.database.db
    .insert(tasks)
    .values({
      userId,
      mode: String(params.mode),
      params,
      promptOriginal: opts.prompt ?? `a pavilion ${made}`,
      engine: 'preview',
      state: 'complete',
    })
    .returning();
  const upload = await t.app.services!.images.save({
    userId,
    kind: 'result',
    png: await png(opts.width ?? 64, opts.height ?? 48, made),
    taskId: task!.id,
  });
  return { taskId: task!.id, uploadId: upload.id, key: upload.key };
}

export function call(
  t: TestApp,
  cookie: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  remoteAddress?: string,
) {
  return t.app.inject({
    method,
    url: `/turing/community${url}`,
    headers: { ...appHeaders(), ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The `data` of a successful call; fails the test with the envelope otherwise. */
export async function ok<T = Record<string, unknown>>(res: Promise<{ json(): unknown; body: string }>): Promise<T> {
  const r = await res;
  const body = r.json() as { status: number; data: T };
  if (body.status !== 200) throw new Error(`expected success, got ${r.body}`);
  return body.data;
}

export async function publish(t: TestApp, cookie: string, body: Partial<PublishBody> & { imageId: string }) {
  return ok<{ id: string; state: string }>(call(t, cookie, 'POST', '/work/publish', { title: 'A work', ...body }));
}

/** Every page of a gallery query, following the cursors. */
export async function allPages(t: TestApp, cookie: string | null, query: string, between?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const sep = query ? '&' : '';
    const page: { items: WorkCard[]; nextCursor: string | null } = await ok(
      call(t, cookie, 'GET', `/work/list?${query}${sep}limit=5${cursor ? `&cursor=${cursor}` : ''}`),
    );
    ids.push(...page.items.map((w) => w.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
    await between?.();
  }
  throw new Error('paging did not end');
}
