import { expect, type APIRequestContext } from '@playwright/test';

const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** The logged-in user's id, from their own home page. */
export async function ownId(request: APIRequestContext): Promise<string> {
  return (await data<{ id: string }>(await request.get('/turing/user/home', { headers: appHeader }))).id;
}

/**
 * Publishes a new work for the logged-in user: a one-image text task on the preview engine, waited
 * for, and its result published under the given title. Returns the work's id.
 */
export async function publishWork(request: APIRequestContext, title: string): Promise<string> {
  const task = await data<{ id: string }>(
    await request.post('/turing/design/task/submit', {
      headers: appHeader,
      data: { mode: 'text', prompt: `${title}, soft daylight`, count: 1 },
    }),
  );
  let imageId = '';
  await expect(async () => {
    const now = await data<{ state: string; results: { id: string }[] }>(
      await request.get(`/turing/design/task/get?id=${task.id}`, { headers: appHeader }),
    );
    expect(now.state).toBe('complete');
    imageId = now.results[0]!.id;
  }).toPass({ timeout: 30_000 });
  const work = await data<{ id: string }>(
    await request.post('/turing/community/work/publish', { headers: appHeader, data: { imageId, title } }),
  );
  return work.id;
}

/** Collects a work for the logged-in user. */
export async function collectWork(request: APIRequestContext, id: string) {
  await data(await request.post('/turing/community/work/collect', { headers: appHeader, data: { id } }));
}
