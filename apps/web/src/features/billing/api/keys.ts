/** Query keys of the billing feature; a purchase or redemption refreshes `account` and the histories. */
export const billingKeys = {
  all: ['billing'] as const,
  products: ['billing', 'products'] as const,
  account: ['billing', 'account'] as const,
  order: (id: string) => ['billing', 'order', id] as const,
  orders: ['billing', 'orders'] as const,
  ledger: ['billing', 'ledger'] as const,
  invitation: ['billing', 'invitation'] as const,
};
