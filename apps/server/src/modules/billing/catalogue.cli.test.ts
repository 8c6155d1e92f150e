import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import { createOrder } from '../../../test-support/billing-helpers.ts';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const admin = (...args: string[]) => runAdminCli(t, url, ...args);
const onSale = async () =>
  (await t.app.inject({ method: 'GET', url: '/turing/billing/products' })).json().data as {
    id: string;
    cubes: number;
    price: { CNY: number; USD: number };
    name: { en: string; zh: string };
  }[];

describe('the catalogue from the command line', () => {
  it('lists every product and changes prices, cubes, names and sale state', async () => {
    const list = await admin('catalogue:list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/cubes-200\s+200 cubes\s+¥35\.00\s+\$4\.99\s+on sale/);
    expect(list.stdout).toMatch(/plan-month\s+plan\/month/);

    const set = await admin('catalogue:set', 'cubes-200', '--cny', '30', '--usd', '4.49', '--cubes', '220');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/cubes-200\s+220 cubes\s+¥30\.00\s+\$4\.49/);
    expect((await onSale()).find((p) => p.id === 'cubes-200')).toMatchObject({
      cubes: 220,
      price: { CNY: 3000, USD: 449 },
    });

    await admin('catalogue:set', 'plan-week', '--name-en', 'Seven days', '--name-zh', '七天卡');
    expect((await onSale()).find((p) => p.id === 'plan-week')!.name).toEqual({ en: 'Seven days', zh: '七天卡' });

    expect((await admin('catalogue:set', 'cubes-50', '--active', 'false')).stdout).toMatch(/cubes-50.*off sale/);
    expect((await onSale()).map((p) => p.id)).not.toContain('cubes-50');
    const user = await registerUser(t);
    expect((await createOrder(t, user.cookie, { productId: 'cubes-50' })).code).toBe('PRODUCT_NOT_FOUND');
    await admin('catalogue:set', 'cubes-50', '--active', 'true');
    expect((await createOrder(t, user.cookie, { productId: 'cubes-50' })).data.order.amount).toBe(990);
  });

  it('keeps operator changes across restarts of the seed', async () => {
    await admin('catalogue:set', 'cubes-600', '--cny', '88');
    await t.app.services!.products.seed();
    expect((await onSale()).find((p) => p.id === 'cubes-600')!.price.CNY).toBe(8800);
  });

  it('says what is wrong with bad input and changes nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['catalogue:set'], /needs a product id/],
      [['catalogue:set', 'cubes-600'], /needs at least one of/],
      [['catalogue:set', 'cubes-600', '--cny=-3'], /--cny must be a price/],
      [['catalogue:set', 'cubes-600', '--cny', '0'], /--cny must be more than zero/],
      [['catalogue:set', 'cubes-600', '--active', 'maybe'], /--active must be true or false/],
      [['catalogue:set', 'cubes-600', '--cubes', '1.5'], /--cubes must be a whole number/],
    ];
    for (const [args, message] of cases) {
      const out = await admin(...args);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(message);
    }
    const unknown = await admin('catalogue:set', 'cubes-9999', '--cny', '1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No product "cubes-9999". See catalogue:list.');
    const planCubes = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/catalogue/update',
      headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: t.app.services!.adminToken },
      payload: { id: 'plan-day', cubes: 10 },
    });
    expect(planCubes.json().code).toBe('CATALOGUE_PLAN_CUBES');
    expect((await onSale()).find((p) => p.id === 'cubes-600')!.price.CNY).toBe(8800);
  });

  it('needs the admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/admin/catalogue/list', headers: appHeaders() });
    expect(res.json().code).toBe('ADMIN_TOKEN_INVALID');
  });
});
