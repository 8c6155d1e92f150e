import type { FastifyInstance, FastifyReply } from 'fastify';
import { ALIPAY_WEBHOOK_PATH } from '@turing/contract';
import type { Reconciler } from '../../orders.reconcile.ts';
import { orderIdOfTradeNo } from '../provider.ts';
import type { AlipayClient } from './alipay.client.ts';
import { fenOf } from './alipay.provider.ts';

/**
 * Notifications one address may send per minute. Alipay sends one per payment or refund and
 * retries for a day; past the limit a real one is only late (reconciliation asks anyway), while a
 * flood is refused before its signature is checked.
 */
const ALIPAY_WEBHOOK_LIMIT = { max: 300, timeWindow: '1 minute' };

/** Alipay takes the plain text `success` as received; anything else, it sends again later. */
const answer = (reply: FastifyReply, status: number, text: 'success' | 'fail') =>
  reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(text);

/** The form's parameters, decoded once; null when a name repeats (no notification of Alipay's does). */
function formOf(raw: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    if (Object.hasOwn(params, name)) return null;
    params[name] = value;
  }
  return params;
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * The asynchronous notification (opendocs.alipay.com, 异步通知): a form signed by Alipay over
 * its sorted parameters, checked before anything is believed; then our app, an order of ours and
 * its amount, and the order settled through the reconciler, once. A payment (TRADE_SUCCESS,
 * TRADE_FINISHED) fulfils the order; a refund made at Alipay (refund_fee, and TRADE_CLOSED once
 * all of it went back) reverses it.
 */
export function alipayWebhook(opts: { client: AlipayClient; appId: string }) {
  return async (app: FastifyInstance, deps: { reconciler: Reconciler }) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post(
      ALIPAY_WEBHOOK_PATH,
      {
        schema: { hide: true },
        config: { appHeader: false, mutates: true, rateLimit: ALIPAY_WEBHOOK_LIMIT },
        bodyLimit: 1024 * 1024,
      },
      async (req, reply) => {
        const params = Buffer.isBuffer(req.body) ? formOf(req.body.toString('utf8')) : null;
        if (!params) return answer(reply, 400, 'fail');
        if (!opts.client.verifyNotification(params)) {
          req.log.warn(
            { notifyId: params.notify_id?.slice(0, 64), outTradeNo: params.out_trade_no?.slice(0, 64) },
            'Alipay notification with a bad or missing signature refused',
          );
          return answer(reply, 401, 'fail');
        }
        const notifyId = params.notify_id ?? '';
        if (!/^[\w.-]{1,64}$/.test(notifyId)) return answer(reply, 400, 'fail');
        const status = (params.trade_status ?? '').slice(0, 32);
        const log = { notifyId, outTradeNo: params.out_trade_no?.slice(0, 64), status };
        if (params.app_id !== opts.appId) {
          req.log.error({ ...log, appId: params.app_id?.slice(0, 64) }, 'Alipay notification for another app: ignored');
          return answer(reply, 200, 'success');
        }
        const event = { id: `alipay:${notifyId}`, type: `trade_status.${status}` };
        const orderId = orderIdOfTradeNo(params.out_trade_no);
        const total = fenOf(params.total_amount);
        // A failure from here on answers 500: Alipay sends it again, and nothing was recorded.
        if (params.refund_fee !== undefined && (params.gmt_refund || status === 'TRADE_CLOSED')) {
          const outcome = await deps.reconciler.refundReported('alipay', {
            orderId,
            outcome: { state: 'done' },
            refunded: fenOf(params.refund_fee),
            total,
            event,
          });
          req.log.info({ ...log, outcome }, 'Alipay refund notification');
          return answer(reply, 200, 'success');
        }
        if (PAID.has(status)) {
          const outcome = await deps.reconciler.paymentReported('alipay', {
            orderId,
            amount: total,
            currency: 'CNY',
            paymentRef: (params.trade_no ?? '').slice(0, 64),
            event,
          });
          req.log.info({ ...log, outcome }, 'Alipay payment notification');
          return answer(reply, 200, 'success');
        }
        // WAIT_BUYER_PAY, or TRADE_CLOSED without a refund (time_expire or our close): nothing to settle.
        req.log.info(log, 'Alipay notification of another kind: ignored');
        return answer(reply, 200, 'success');
      },
    );
  };
}
