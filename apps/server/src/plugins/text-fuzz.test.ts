import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '@turing/contract';
import { ADMIN_TOKEN_HEADER, type RouteDef } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../test-support/test-app.ts';

/**
 * Every text input of every route, read from the contract, gets what a database cannot store or a
 * reader should not be shown: NUL, lone surrogates, a right-to-left override, and a string far past
 * any bound. The answer is a refusal (4xx), never a server error.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await registerUser(t)).cookie;
});
afterAll(() => t.close());

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value of roughly the right shape: required fields only, so the bad one is what gets judged. */
function sample(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape!)
          .filter(([, value]) => !value.safeParse(undefined).success)
          .map(([key, value]) => [key, sample(value)]),
      );
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType!);
    case 'pipe':
      return sample(def.in!);
    case 'union':
      return sample(def.options![0]!);
    case 'string':
      if (def.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (def.format === 'email') return 'fuzz@example.com';
      if (def.format === 'datetime') return new Date(Date.now() + 86_400_000).toISOString();
      return 'abc';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'array':
      return [];
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** `base` with `value` at `path` (creating objects and one-item arrays on the way). */
function withValue(base: unknown, path: (string | number)[], value: string): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (head === 0 || head === '*') {
    const inner = withValue(undefined, rest, value);
    return head === 0 ? [inner] : { key: inner };
  }
  const obj = { ...((base as Record<string, unknown> | undefined) ?? {}) };
  obj[head!] = withValue(obj[head!], rest, value);
  return obj;
}

/** Percent-encodes a query value; a lone surrogate (no UTF-8 form) goes as the bytes a client would send for it. */
const encode = (value: string) =>
  Array.from(value)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');

const BAD: Record<string, string> = {
  NUL: 'ab\u0000c',
  'a lone high surrogate': 'ab\ud800c',
  'a lone low surrogate': '\udc00abc',
  'a right-to-left override': 'abc\u202egpj.exe',
  'an overlong string': 'x'.repeat(20_000),
};

const routes = contract.routesIn(contract as unknown as Record<string, unknown>);
const cases = routes.flatMap(([name, route]) =>
  (['query', 'body'] as const).flatMap((part) =>
    route[part]
      ? contract.textInputs(route[part]).flatMap((input) =>
          Object.entries(BAD).map(([what, value]) => ({
            at: `${route.method} ${route.path} ${part}.${input.path.join('.')}`,
            what,
            route,
            part,
            path: input.path,
            value,
            name,
          })),
        )
      : [],
  ),
);

function send(route: RouteDef, part: 'query' | 'body', path: (string | number)[], value: string) {
  const headers = {
    ...appHeaders(),
    cookie,
    ...(route.path.startsWith('/admin') ? { [ADMIN_TOKEN_HEADER]: t.app.services!.adminToken } : {}),
  };
  const query = route.query ? (sample(route.query) as Record<string, unknown>) : {};
  const body = route.body ? sample(route.body) : undefined;
  const q = part === 'query' ? (withValue(query, path, value) as Record<string, unknown>) : query;
  const search = Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(String(v))}`)
    .join('&');
  return t.app.inject({
    method: route.method,
    url: `/turing${route.path}${search ? `?${search}` : ''}`,
    headers,
    ...(route.method === 'GET' ? {} : { payload: (part === 'body' ? withValue(body, path, value) : body) as object }),
  });
}

describe('text that cannot be stored', () => {
  it('a lone surrogate in a prompt is TEXT_INVALID_CHAR, in both languages', async () => {
    // A user of its own: the fuzzing below spends the first one's submissions.
    const own = (await registerUser(t)).cookie;
    for (const field of ['prompt', 'negativePrompt']) {
      const body = { mode: 'text', prompt: 'a house', [field]: '\ud800x' };
      const en = await t.app.inject({
        method: 'POST',
        url: '/turing/design/task/submit',
        headers: { ...appHeaders(), cookie: own },
        payload: body,
      });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ code: 'TEXT_INVALID_CHAR', details: [{ field, code: 'TEXT_INVALID_CHAR' }] });
      const zh = await t.app.inject({
        method: 'POST',
        url: '/turing/design/task/submit',
        headers: { ...appHeaders('zh'), cookie: own },
        payload: body,
      });
      expect(zh.json().msg).toContain('无法保存的字符');
    }
  });

  it('reaches every text input of the contract', () => {
    const inputs = new Set(cases.map((c) => c.at));
    expect(inputs.size).toBeGreaterThan(40);
    expect(inputs).toContain('POST /design/task/submit body.prompt');
    expect(inputs).toContain('POST /design/task/submit body.negativePrompt');
  });

  it.each(cases)('$at: $what is refused, not a server error', async ({ route, part, path, value, what }) => {
    const res = await send(route, part, path, value);
    expect(res.statusCode, res.body).toBeLessThan(500);
    // A query has no way to carry a lone surrogate: its bytes arrive as a replacement character.
    if (!(part === 'query' && what.includes('surrogate'))) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  });
});
