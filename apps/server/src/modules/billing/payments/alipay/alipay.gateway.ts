import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../../config.ts';
import type { PaymentGateway } from '../gateway.ts';

/** Alipay as a merchant provider, when ALIPAY_APP_ID is set. */
export function createAlipayGateway(config: Config, _log: FastifyBaseLogger): PaymentGateway | null {
  if (!config.ALIPAY_APP_ID) return null;
  throw new Error('Alipay is not built yet');
}
