import { API_SCOPES, type ApiScope } from '@turing/contract';
import type { TestApp } from './test-app.ts';
import { multipart } from './upload-helpers.ts';

/** A key of the user's made through the service (the profile's route is tested on its own). */
export async function makeKey(t: Pick<TestApp, 'app'>, userId: string, scopes: readonly ApiScope[] = API_SCOPES) {
  const made = await t.app.services!.apiKeys.create(userId, { name: 'script', scopes: [...scopes] });
  return made.token;
}

/** A call of the public API with a key, as a program makes it (no cookie, no app header). */
export function v1(
  t: Pick<TestApp, 'app'>,
  key: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: { body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/turing/v1${path}`,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

/** Uploads an image through the public API; returns its id. */
export async function v1Upload(t: Pick<TestApp, 'app'>, key: string, file: Buffer, kind = 'base') {
  const { body, contentType } = multipart(file, `${kind}.png`);
  const res = await t.app.inject({
    method: 'POST',
    url: `/turing/v1/uploads?kind=${kind}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
