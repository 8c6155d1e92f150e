import { describe, expect, it } from 'vitest';
import type { Order, Product } from '@turing/contract';
import { suggestProduct } from './suggest-product.ts';

const product = (id: string, kind: Product['kind'], cubes: number, period: Product['period'] = null): Product => ({
  id,
  kind,
  cubes,
  period,
  price: { CNY: 100, USD: 20 },
  name: { en: id, zh: id },
});
const order = (productId: string, kind: Order['kind'], state: Order['state']): Order => ({
  id: `${productId}-${state}`,
  productId,
  kind,
  name: { en: productId, zh: productId },
  pieces: 1,
  period: kind === 'plan' ? 'week' : null,
  cubes: 0,
  planSeconds: 0,
  amount: 100,
  currency: 'USD',
  state,
  provider: 'dev',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  payCode: null,
  expiresAt: null,
  refund: null,
  refundNote: null,
});

const catalogue = [
  product('pack-100', 'cubes', 100),
  product('pack-20', 'cubes', 20),
  product('pack-500', 'cubes', 500),
  product('month', 'plan', 0, 'month'),
  product('day', 'plan', 0, 'day'),
  product('week', 'plan', 0, 'week'),
];

describe('the product the purchase prompt suggests', () => {
  it('is the smallest cube pack that covers what is missing', () => {
    expect(suggestProduct(catalogue, [], 4)).toBe('pack-20');
    expect(suggestProduct(catalogue, [], 21)).toBe('pack-100');
    expect(suggestProduct(catalogue, [], 100)).toBe('pack-100');
  });

  it('is the largest pack when none covers it', () => {
    expect(suggestProduct(catalogue, [], 9_999)).toBe('pack-500');
  });

  it('is the plan paid for last by someone who has had plans', () => {
    const orders = [order('week', 'plan', 'paid'), order('month', 'plan', 'paid')];
    expect(suggestProduct(catalogue, orders, 4)).toBe('week');
  });

  it('is the shortest plan when the one paid for is no longer on sale', () => {
    expect(suggestProduct(catalogue, [order('year', 'plan', 'paid')], 4)).toBe('day');
  });

  it('ignores plans that were never paid', () => {
    const orders = [order('week', 'plan', 'cancelled'), order('month', 'plan', 'failed')];
    expect(suggestProduct(catalogue, orders, 4)).toBe('pack-20');
  });

  it('is nothing when nothing is on sale', () => {
    expect(suggestProduct([], [], 4)).toBeNull();
  });
});
