import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { WECHATPAY_WEBHOOK_PATH } from '@turing/contract';
import type { Reconciler } from '../../orders.reconcile.ts';
import { orderIdOfTradeNo } from '../provider.ts';
import { checkSignature, decryptResource, type EncryptedResource } from './wechatpay.crypto.ts';
import type { WechatTransaction } from './wechatpay.provider.ts';

/**
 * Notifications one address may send per minute. WeChat Pay sends one per payment or refund and
 * retries for a day; past the limit a real one is only late (reconciliation asks anyway), while a
 * flood is refused before its signature is checked.
 */
const WECHATPAY_WEBHOOK_LIMIT = { max: 300, timeWindow: '1 minute' };

interface Notification {
  id?: unknown;
  event_type?: unknown;
  resource?: EncryptedResource;
}

interface RefundResource {
  mchid?: string;
  out_trade_no?: string;
  refund_status?: string;
  amount?: { total?: number; refund?: number };
}

/** WeChat Pay's failure answer: it retries the notification later. */
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ code: 'FAIL', message });

/**
 * The payment and refund notifications (pay.weixin.qq.com/doc/v3/merchant/4012791861): the
 * signature checked against the raw body, the resource decrypted with the APIv3 key, the merchant
 * and app matched to ours, and the order settled through the reconciler, once. Answered 204 when
 * handled (or deliberately ignored), otherwise with WeChat Pay's JSON failure shape.
 */
export function wechatPayWebhook(opts: {
  keys: Map<string, KeyObject>;
  apiV3Key: string;
  mchId: string;
  appId: string;
}) {
  return async (app: FastifyInstance, deps: { reconciler: Reconciler }) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post(
      WECHATPAY_WEBHOOK_PATH,
      {
        schema: { hide: true },
        config: { appHeader: false, mutates: true, rateLimit: WECHATPAY_WEBHOOK_LIMIT },
        bodyLimit: 64 * 1024,
      },
      async (req, reply) => {
        if (!Buffer.isBuffer(req.body)) return fail(reply, 400, 'no body');
        const raw = req.body.toString('utf8');
        const problem = checkSignature(opts.keys, req.headers, raw);
        if (problem) {
          req.log.warn({ problem, serial: req.headers['wechatpay-serial'] }, 'WeChat Pay notification refused');
          return fail(reply, 401, `signature ${problem}`);
        }
        let note: Notification;
        let plain: string;
        try {
          note = JSON.parse(raw) as Notification;
          plain = decryptResource(opts.apiV3Key, note.resource!);
        } catch (err) {
          req.log.warn({ err: (err as Error).message }, 'WeChat Pay notification could not be decrypted');
          return fail(reply, 400, 'resource could not be decrypted');
        }
        const id = typeof note.id === 'string' ? note.id.slice(0, 64) : '';
        const type = typeof note.event_type === 'string' ? note.event_type.slice(0, 64) : '';
        if (!id || !/^[\w.-]+$/.test(id)) return fail(reply, 400, 'no id');
        const event = { id: `wechatpay:${id}`, type };
        // A failure from here on answers 500: WeChat Pay retries, and nothing was recorded.
        if (type === 'TRANSACTION.SUCCESS') {
          const t = JSON.parse(plain) as WechatTransaction;
          if (t.mchid !== opts.mchId || t.appid !== opts.appId || t.trade_state !== 'SUCCESS') {
            req.log.error(
              { eventId: id, mchid: t.mchid, appid: t.appid, state: t.trade_state },
              'WeChat Pay notification for another merchant or app, or not a payment: ignored',
            );
            return reply.code(204).send();
          }
          const outcome = await deps.reconciler.paymentReported('wechatpay', {
            orderId: orderIdOfTradeNo(t.out_trade_no),
            amount: t.amount?.total ?? -1,
            currency: t.amount?.currency ?? '',
            paymentRef: typeof t.transaction_id === 'string' ? t.transaction_id.slice(0, 64) : '',
            event,
          });
          req.log.info({ eventId: id, outcome }, 'WeChat Pay payment notification');
          return reply.code(204).send();
        }
        if (type.startsWith('REFUND.')) {
          const r = JSON.parse(plain) as RefundResource;
          if (r.mchid !== opts.mchId) {
            req.log.error(
              { eventId: id, mchid: r.mchid },
              'WeChat Pay refund notification for another merchant: ignored',
            );
            return reply.code(204).send();
          }
          const outcome = await deps.reconciler.refundReported('wechatpay', {
            orderId: orderIdOfTradeNo(r.out_trade_no),
            outcome:
              r.refund_status === 'SUCCESS'
                ? { state: 'done' }
                : { state: 'refused', reason: `WeChat Pay refund ${r.refund_status ?? type}` },
            refunded: r.amount?.refund ?? 0,
            total: r.amount?.total ?? 0,
            event,
          });
          req.log.info({ eventId: id, outcome }, 'WeChat Pay refund notification');
          return reply.code(204).send();
        }
        req.log.info({ eventId: id, type }, 'WeChat Pay notification of another kind: ignored');
        return reply.code(204).send();
      },
    );
  };
}
