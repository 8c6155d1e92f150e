import { adminEndpoints } from './admin.roles.ts';
import { endpoints } from './route.ts';

export const billingEndpoints = endpoints({
  products: { method: 'GET', path: '/billing/products', auth: false, mutates: false },
  account: { method: 'GET', path: '/billing/account', auth: true, mutates: false },
  orderCreate: { method: 'POST', path: '/billing/order/create', auth: true, mutates: true },
  orderGet: { method: 'GET', path: '/billing/order/get', auth: true, mutates: false },
  orders: { method: 'GET', path: '/billing/order/list', auth: true, mutates: false },
  orderCancel: { method: 'POST', path: '/billing/order/cancel', auth: true, mutates: true },
  /** Resumes paying a pending order: its checkout address again. */
  orderPay: { method: 'POST', path: '/billing/order/pay', auth: true, mutates: true },
  /** The embedded development provider's confirmation (never registered in production). */
  devConfirm: { method: 'POST', path: '/billing/dev/confirm', auth: true, mutates: true },
  ledger: { method: 'GET', path: '/billing/ledger/list', auth: true, mutates: false },
  /** The spec's redemption call: POST /user/exchange?code=… */
  exchange: { method: 'POST', path: '/user/exchange', auth: true, mutates: true },
  invitation: { method: 'GET', path: '/user/invitation', auth: true, mutates: false },
  invitationBind: { method: 'POST', path: '/user/invitation/bind', auth: true, mutates: true },
});

/** CSV export of the ledger (text/csv, not an envelope). */
export const LEDGER_CSV_PATH = '/billing/ledger/export.csv';
/** Stripe's signed webhook (raw body, no session, no app header). */
export const STRIPE_WEBHOOK_PATH = '/billing/webhook/stripe';
/** WeChat Pay's payment and refund notifications (signed; the resource encrypted with the APIv3 key). */
export const WECHATPAY_WEBHOOK_PATH = '/billing/webhook/wechatpay';
/** Alipay's asynchronous notifications (a signed form; answered with the text `success`). */
export const ALIPAY_WEBHOOK_PATH = '/billing/webhook/alipay';

/** The operator's billing calls: the finance role's (owners may make them all). */
export const billingAdminEndpoints = adminEndpoints({
  grant: { method: 'POST', path: '/admin/credits/grant', auth: false, mutates: true, roles: ['finance'] },
  codesMint: { method: 'POST', path: '/admin/codes/mint', auth: false, mutates: true, roles: ['finance'] },
  codes: { method: 'GET', path: '/admin/codes/list', auth: false, mutates: false, roles: ['finance'] },
  codesRevoke: { method: 'POST', path: '/admin/codes/revoke', auth: false, mutates: true, roles: ['finance'] },
  catalogue: { method: 'GET', path: '/admin/catalogue/list', auth: false, mutates: false, roles: ['finance'] },
  catalogueUpdate: { method: 'POST', path: '/admin/catalogue/update', auth: false, mutates: true, roles: ['finance'] },
  orders: { method: 'GET', path: '/admin/orders/list', auth: false, mutates: false, roles: ['finance', 'support'] },
  orderRefund: { method: 'POST', path: '/admin/orders/refund', auth: false, mutates: true, roles: ['finance'] },
  /** Every user's orders; support reads one user's through `orders` (their account), not all of them. */
  ordersSearch: { method: 'GET', path: '/admin/orders/search', auth: false, mutates: false, roles: ['finance'] },
  ordersExport: { method: 'GET', path: '/admin/orders/export', auth: false, mutates: false, roles: ['finance'] },
});
