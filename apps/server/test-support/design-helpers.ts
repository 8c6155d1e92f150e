import sharp from 'sharp';
import { FINISHED_STATES, type Task } from '@turing/contract';
import { startWorkers } from '../src/workers.ts';
import { appHeaders, buildTestApp, type TestApp } from './test-app.ts';
import { multipart } from './upload-helpers.ts';

/**
 * A test app whose in-process workers generate with the preview engine at full speed. Upscales are
 * plain enlargements unless a test asks for the neural upscaler (UPSCALER_MODEL): it takes about a
 * minute per megapixel on the CPU, which tests of other things should not wait for.
 */
export async function buildGenerationApp(env: Record<string, string> = {}) {
  const t = await buildTestApp({ PREVIEW_PACE_MS: '0', UPSCALER_MODEL: 'off', ...env });
  const stop = await startWorkers(t.app.services!);
  return {
    ...t,
    async close() {
      t.app.services!.lifecycle.drain();
      await stop();
      await t.close();
    },
  };
}

export async function until<T>(
  read: () => Promise<T>,
  done: (v: NoInfer<T>) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const submit = (t: TestApp, cookie: string, body: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/submit',
    headers: { ...appHeaders(locale), cookie },
    payload: body,
  });

export const getTask = async (t: TestApp, cookie: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/turing/design/task/get?id=${id}`, headers: { cookie } })).json()
    .data as Task;

const FINISHED: readonly string[] = FINISHED_STATES;
export const finished = (task: { state: string }) => FINISHED.includes(task.state);

export const balanceOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/turing/design/balance', headers: { cookie } })).json().data as {
    cubes: number;
    planUntil: string | null;
  };

/** A photo-like PNG with structure (gradients and blocks), so transformations are visible. */
export async function photo(width = 320, height = 240) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#e9eef2"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.2}" y="${height * 0.35}" width="${width * 0.6}" height="${height * 0.5}" fill="#9a9a9a"/>
    <rect x="${width * 0.3}" y="${height * 0.45}" width="${width * 0.1}" height="${height * 0.15}" fill="#35475a"/>
    <rect x="${width * 0.6}" y="${height * 0.45}" width="${width * 0.1}" height="${height * 0.15}" fill="#35475a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function uploadImage(t: TestApp, cookie: string, file: Buffer, kind: string) {
  const { body, contentType } = multipart(file, `${kind}.png`);
  const res = await t.app.inject({
    method: 'POST',
    url: `/turing/upload/image?kind=${kind}`,
    headers: { ...appHeaders(), cookie, 'content-type': contentType },
    payload: body,
  });
  if (res.json().status !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data as { id: string; url: string; width: number; height: number };
}
