import type { Folder, FolderImage, Task } from '@turing/contract';
import { finished, getTask, submit, until } from './design-helpers.ts';
import { appHeaders, type TestApp } from './test-app.ts';

type Locale = 'en' | 'zh';

/** One workspace call through the public API; resolves to the whole envelope. */
export async function call(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  locale: Locale = 'en',
) {
  const res = await t.app.inject({
    method,
    url: `/turing/workspace${url}`,
    headers: { ...appHeaders(locale), cookie },
    payload,
  });
  return res.json() as { status: number; msg: string; data: unknown };
}

export async function folderPage(t: TestApp, cookie: string, query = '', locale: Locale = 'en') {
  return call(t, cookie, 'GET', `/folder/list${query ? `?${query}` : ''}`, undefined, locale);
}

/** Every folder of the user, the default one first, walking the pages `limit` at a time. */
export async function folders(t: TestApp, cookie: string, locale: Locale = 'en', limit = 100) {
  const items: Folder[] = [];
  let cursor: string | null = null;
  do {
    const res = await folderPage(t, cookie, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, locale);
    if (res.status !== 200) throw new Error(`folder list failed: ${JSON.stringify(res)}`);
    const page = res.data as { items: Folder[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export const defaultFolder = async (t: TestApp, cookie: string) => (await folders(t, cookie)).find((f) => f.isDefault)!;

export async function createFolder(t: TestApp, cookie: string, name: string) {
  const res = await call(t, cookie, 'POST', '/folder/create', { name });
  if (res.status !== 200) throw new Error(`folder create failed: ${JSON.stringify(res)}`);
  return res.data as Folder;
}

export async function imagePage(t: TestApp, cookie: string, folderId: string, query = '') {
  return call(t, cookie, 'GET', `/image/list?folderId=${folderId}${query}`);
}

/** Every image of a folder, walking the pages `limit` at a time. */
export async function allImages(t: TestApp, cookie: string, folderId: string, limit = 100) {
  const items: FolderImage[] = [];
  let cursor: string | null = null;
  do {
    const res = await imagePage(t, cookie, folderId, `&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.status !== 200) throw new Error(`image list failed: ${JSON.stringify(res)}`);
    const page = res.data as { items: FolderImage[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/**
 * Generates `count` results with the preview engine, optionally into a chosen folder; resolves
 * once their thumbnails (which follow the completion) are stored too, so what lists show is final.
 */
export async function generate(t: TestApp, cookie: string, count = 1, folderId?: string): Promise<Task> {
  const res = await submit(t, cookie, { mode: 'text', prompt: 'a brick house on a hill', count, folderId });
  if (res.json().status !== 200) throw new Error(`submit failed: ${res.body}`);
  const done = await until(() => getTask(t, cookie, res.json().data.id), finished);
  if (done.state !== 'complete') throw new Error(`task ended ${done.state}`);
  const path = (url: string) => url.split('?')[0];
  // Until a result's thumbnail is stored, it stands for itself (one that fits the edge stays so).
  return until(
    () => getTask(t, cookie, done.id),
    (task) => task.results.every((r) => path(r.thumbUrl) !== path(r.url) || (r.width <= 480 && r.height <= 480)),
  );
}
