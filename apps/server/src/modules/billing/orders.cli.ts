import { PAGE_LIMIT, type Order } from '@turing/contract';
import { CliError, type AdminClient } from '../../shared/admin-client.ts';
import { textTable } from '../../shared/text-table.ts';

export const ORDERS_HELP = `  order:list --user <user>         Lists a user's orders, newest first, with their ids and
               [--limit N]         states. <user> as for credits:grant; pages as support:list
               [--cursor C]        does
  order:refund <orderId>           Refunds a paid order: a Stripe, WeChat Pay or Alipay
                                   payment is paid back by its provider first, then all the
                                   order granted is taken back (WeChat Pay confirms later:
                                   run it again to see whether it has).
                                   What was spent or used already becomes a debt that the
                                   account's later credits pay first
`;

export const ORDERS_OPTIONS = { user: { type: 'string' } } as const;

const PROVIDER_NAMES: Record<Order['provider'], string> = {
  stripe: 'Stripe',
  wechatpay: 'WeChat Pay',
  alipay: 'Alipay',
  dev: 'The dev provider',
};

type Values = { user?: string; limit?: string; cursor?: string };

const money = (o: Pick<Order, 'amount' | 'currency'>) =>
  `${o.currency === 'CNY' ? '¥' : '$'}${(o.amount / 100).toFixed(2)}`;

/** Plan time as days, hours and minutes (`7 d`, `23 h 59 min`). */
export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const parts = [d ? `${d} d` : '', h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : seconds > 0 ? `${seconds} s` : '0';
}

const grants = (o: Pick<Order, 'cubes' | 'planSeconds'>) =>
  [o.cubes ? `${o.cubes} cubes` : '', o.planSeconds ? `${duration(o.planSeconds)} plan` : '']
    .filter(Boolean)
    .join(' + ') || '—';

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function formatOrders(items: Order[]): string {
  const rows = items.map((o) => [
    o.id,
    minute(o.createdAt),
    `${o.productId} × ${o.pieces}`,
    grants(o),
    money(o),
    o.provider,
    o.state,
  ]);
  return textTable(['ID', 'CREATED', 'PRODUCT', 'GRANTS', 'PRICE', 'PROVIDER', 'STATE'], rows);
}

const EXPLAINED = ['ORDER_NOT_FOUND', 'ORDER_NOT_REFUNDABLE', 'USER_NOT_FOUND'];

/** The server's message with what the operator typed and where to look next (told as it is, without a code). */
function explained(err: unknown, what: string, hint: string): never {
  if (err instanceof CliError && EXPLAINED.includes(err.code ?? '')) {
    throw new CliError(`${err.message}: ${what}.${hint ? ` ${hint}` : ''}`);
  }
  throw err;
}

export function ordersCommands(
  values: Values,
  rest: string[],
  usage: (message: string) => never,
): Record<string, (client: AdminClient) => Promise<string>> {
  return {
    'order:list': async (client) => {
      const user = values.user?.trim();
      if (!user) usage('order:list needs --user (a username, e-mail, phone or user id).');
      const limit = values.limit === undefined ? PAGE_LIMIT.default : Number(values.limit);
      if (!Number.isInteger(limit) || limit < PAGE_LIMIT.min || limit > PAGE_LIMIT.max)
        usage(`--limit must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}.`);
      const page = await client.orders({ user, limit, cursor: values.cursor }).catch((err) => explained(err, user, ''));
      if (!page.items.length && !values.cursor) return `${page.username} has no orders.`;
      const more = page.nextCursor
        ? `\n\nNext page: npm run admin -- order:list --user ${user} --limit ${limit} --cursor ${page.nextCursor}`
        : '';
      return `Orders of ${page.username} (${page.userId}), newest first:\n${formatOrders(page.items)}${more}`;
    },
    'order:refund': async (client) => {
      const orderId = rest[0];
      if (!orderId) usage('order:refund needs an order id (see order:list --user <user>).');
      const out = await client
        .orderRefund(orderId)
        .catch((err) => explained(err, orderId, 'See the orders of its user with order:list --user <user>.'));
      const { order, taken, owed } = out;
      const provider = PROVIDER_NAMES[order.provider];
      if (out.pending) {
        return `${provider} accepted the refund of ${money(order)} for order ${order.id} and is paying it back. The order stays paid until ${provider} confirms; then all it granted is taken back from ${out.username}.`;
      }
      const paidBack = out.providerRefunded
        ? `${provider} was asked to pay back ${money(order)}.`
        : `No money moved (${order.provider} provider).`;
      const back = grants(taken) === '—' ? 'nothing from the balance' : grants(taken);
      const debt = grants(owed) === '—' ? '' : `\n${grants(owed)} had been spent or used: now owed by the account.`;
      const owes = out.debt > 0 ? ` and it owes ${out.debt} cubes` : '';
      return `Order ${order.id} (${order.productId} × ${order.pieces}) is refunded. ${paidBack}\nTook back ${back} from ${out.username}; the balance is now ${out.cubes} cubes${owes}.${debt}`;
    },
  };
}
