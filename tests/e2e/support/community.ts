import { expect, request, type APIRequestContext } from '@playwright/test';
import { codeFor, unique } from './outbox.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; data: T; msg: string };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** Another user, signed up through the API in a cookie jar of its own (not the page's). */
export async function otherUser(baseURL: string, nickname: string) {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { ...headers, 'x-forwarded-for': address } });
  const email = `${unique('creator')}@example.com`;
  await api.post('/turing/unauthorized/verCode', { data: { channel: 'email', email, purpose: 'register' } });
  const code = await codeFor(email);
  await data(
    await api.post('/turing/unauthorized/reg', {
      data: {
        email,
        code,
        username: unique('c'),
        password: 'secret123',
        confirmPassword: 'secret123',
        occupation: 'architect',
        agree: true,
      },
    }),
  );
  await data(await api.post('/turing/user/update/info', { data: { nickname } }));
  return api;
}

interface TaskLike {
  id: string;
  state: string;
  results: { id: string }[];
}

/** Generates one text-to-image result with the preview engine and publishes it. */
export async function publishWork(
  api: APIRequestContext,
  work: { prompt: string; title: string; style?: string; hideParams?: boolean },
) {
  let task = await data<TaskLike>(
    await api.post('/turing/design/task/submit', { data: { mode: 'text', prompt: work.prompt, count: 1 } }),
  );
  await expect
    .poll(
      async () => {
        task = await data<TaskLike>(await api.get(`/turing/design/task/get?id=${task.id}`));
        return task.state;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  return data<{ id: string }>(
    await api.post('/turing/community/work/publish', {
      data: {
        imageId: task.results[0]!.id,
        title: work.title,
        description: `About ${work.title}`,
        tags: { style: work.style ? [work.style] : [], function: [], material: [], environment: [] },
        hideParams: work.hideParams ?? false,
      },
    }),
  );
}
