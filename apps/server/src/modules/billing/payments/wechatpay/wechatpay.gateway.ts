import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../../config.ts';
import type { PaymentGateway } from '../gateway.ts';

/** WeChat Pay (API v3) as a merchant provider, when WECHATPAY_MCH_ID is set. */
export function createWechatPayGateway(config: Config, _log: FastifyBaseLogger): PaymentGateway | null {
  if (!config.WECHATPAY_MCH_ID) return null;
  throw new Error('WeChat Pay is not built yet');
}
