import type { Order, Product } from '@turing/contract';

/**
 * The product the purchase prompt preselects. Someone who has paid for a time plan before gets
 * that plan again (the latest one still on sale, else the shortest); everyone else gets the
 * smallest cube pack that covers what is missing, or the largest pack when none does.
 */
export function suggestProduct(products: Product[], orders: Order[], shortBy: number): string | null {
  const plans = products.filter((p) => p.kind === 'plan');
  const paidPlans = orders.filter((o) => o.kind === 'plan' && o.state === 'paid');
  if (paidPlans.length && plans.length) {
    const again = paidPlans.find((o) => plans.some((p) => p.id === o.productId));
    if (again) return again.productId;
    const order = ['day', 'week', 'month'];
    return [...plans].sort((a, b) => order.indexOf(a.period ?? '') - order.indexOf(b.period ?? ''))[0]!.id;
  }
  const packs = products.filter((p) => p.kind === 'cubes').sort((a, b) => a.cubes - b.cubes);
  if (!packs.length) return plans[0]?.id ?? null;
  return (packs.find((p) => p.cubes >= shortBy) ?? packs.at(-1)!).id;
}
