import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.ts';

/**
 * Every string a route takes (query or body) refuses what PostgreSQL cannot store or what would
 * read other than it is stored: NUL, a lone UTF-16 surrogate, bidirectional overrides, and
 * strings past a bound. Free text says so with TEXT_INVALID_CHAR; formatted strings (ids, codes,
 * addresses) refuse them by their format.
 */
const routes = contract.routesIn(contract as unknown as Record<string, unknown>);
const inputs = routes.flatMap(([name, route]) =>
  (['query', 'body'] as const).flatMap((part) =>
    route[part]
      ? contract.textInputs(route[part]).map((input) => ({ at: `${name} ${part}.${input.path.join('.')}`, ...input }))
      : [],
  ),
);

const BAD = {
  NUL: '\u0000',
  'a lone high surrogate': '\ud800',
  'a lone low surrogate': '\udc00',
  'a right-to-left override': '\u202e',
  'a left-to-right isolate': '\u2066',
};
const messages = (schema: z.ZodType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message);
};
/** A value the field takes, when words with a space are one: then the field is free text (not an id, code or slug). */
const accepted = (schema: z.ZodType) => ['ab 设', 'ab 设计 abcdefgh12'].find((v) => messages(schema, v) === null);

describe('text inputs of the contract', () => {
  it('are found in every route that takes a query or a body', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(inputs.length).toBeGreaterThan(40);
    expect(inputs.map((i) => i.at)).toContain('designRoutes.submit body.prompt');
  });

  describe.each(inputs)('$at', ({ schema }) => {
    const plain = accepted(schema);
    it.each(Object.entries(BAD))('refuses %s', (_name, bad) => {
      const refused = messages(schema, `${plain ?? 'abc'}${bad}`);
      expect(refused).not.toBeNull();
      if (plain !== undefined) expect(refused).toContain('TEXT_INVALID_CHAR');
    });

    it('refuses a string past its bound', () => {
      expect(messages(schema, 'x'.repeat(100_000))).not.toBeNull();
    });

    it('keeps right-to-left scripts, Chinese and emoji', () => {
      expect(messages(schema, `${plain ?? 'abc'} مرحبا 设计 🏠‏`) ?? []).not.toContain('TEXT_INVALID_CHAR');
    });
  });
});
