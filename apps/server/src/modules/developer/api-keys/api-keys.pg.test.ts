import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';

// PostgreSQL only: real concurrent connections racing on one user's key limit.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATABASE_POOL_SIZE: '20' });
});
afterAll(() => t.close());

describe('the key limit under a race', () => {
  it('lets 15 parallel creates by one user make exactly 10 keys', async () => {
    const { cookie } = await seedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/turing/user/api-keys',
          headers: { ...appHeaders(), cookie },
          payload: { name: 'race', scopes: ['tasks:read'] },
        });
        return res.json<{ status: number; code?: string }>();
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.code)).toEqual(Array(5).fill('API_KEY_LIMIT'));
    const list = await t.app.inject({
      method: 'GET',
      url: '/turing/user/api-keys',
      headers: { ...appHeaders(), cookie },
    });
    expect(list.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(10);
  });
});
