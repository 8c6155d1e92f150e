import type { FastifyBaseLogger } from 'fastify';
import { ALIPAY_WEBHOOK_PATH } from '@turing/contract';
import type { Config } from '../../../../config.ts';
import type { PaymentGateway } from '../gateway.ts';
import { createAlipayClient } from './alipay.client.ts';
import { createAlipayProvider } from './alipay.provider.ts';
import { alipayWebhook } from './alipay.webhook.ts';

/**
 * Alipay as a merchant provider, when ALIPAY_APP_ID is set (config.china.ts has refused a half
 * setup), in the open platform's public-key mode, through Alipay's official SDK.
 */
export function createAlipayGateway(
  config: Config,
  log: FastifyBaseLogger,
  opts: { timeoutMs?: number } = {},
): PaymentGateway | null {
  if (!config.ALIPAY_APP_ID) return null;
  const appId = config.ALIPAY_APP_ID;
  const client = createAlipayClient({
    appId,
    privateKey: config.ALIPAY_PRIVATE_KEY!,
    alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
    gatewayUrl: config.ALIPAY_GATEWAY_URL,
    timeoutMs: opts.timeoutMs,
  });
  log.info({ appId, gateway: config.ALIPAY_GATEWAY_URL }, 'Alipay is offered');
  return {
    provider: createAlipayProvider({
      client,
      publicUrl: config.publicUrl,
      notifyUrl: `${config.publicUrl}/turing${ALIPAY_WEBHOOK_PATH}`,
    }),
    webhook: alipayWebhook({ client, appId }),
  };
}
