import type { FastifyBaseLogger } from 'fastify';
import { WECHATPAY_WEBHOOK_PATH } from '@turing/contract';
import type { Config } from '../../../../config.ts';
import type { PaymentGateway } from '../gateway.ts';
import { createWechatPayClient } from './wechatpay.client.ts';
import { loadPrivateKey, verifierKeys } from './wechatpay.crypto.ts';
import { createWechatPayProvider } from './wechatpay.provider.ts';
import { wechatPayWebhook } from './wechatpay.webhook.ts';

/**
 * WeChat Pay (API v3) as a merchant provider, when WECHATPAY_MCH_ID is set (config.china.ts has
 * refused a half setup). The signing is Node's own crypto: WeChat Pay publishes no Node SDK, and
 * the v3 rules are four small, documented algorithms.
 */
export function createWechatPayGateway(
  config: Config,
  log: FastifyBaseLogger,
  opts: { timeoutMs?: number } = {},
): PaymentGateway | null {
  if (!config.WECHATPAY_MCH_ID) return null;
  const mchId = config.WECHATPAY_MCH_ID;
  const appId = config.WECHATPAY_APP_ID!;
  const keys = verifierKeys({
    publicKeyId: config.WECHATPAY_PUBLIC_KEY_ID,
    publicKey: config.WECHATPAY_PUBLIC_KEY,
    platformCert: config.WECHATPAY_PLATFORM_CERT,
  });
  const client = createWechatPayClient({
    apiUrl: config.WECHATPAY_API_URL,
    merchant: {
      mchId,
      serial: config.WECHATPAY_MCH_CERT_SERIAL!,
      privateKey: loadPrivateKey(config.WECHATPAY_MCH_PRIVATE_KEY!),
    },
    keys,
    timeoutMs: opts.timeoutMs,
  });
  log.info({ mchId, appId, verifiers: [...keys.keys()] }, 'WeChat Pay is offered');
  return {
    provider: createWechatPayProvider({
      client,
      mchId,
      appId,
      publicUrl: config.publicUrl,
      notifyUrl: `${config.publicUrl}/turing${WECHATPAY_WEBHOOK_PATH}`,
    }),
    webhook: wechatPayWebhook({ keys, apiV3Key: config.WECHATPAY_API_V3_KEY!, mchId, appId }),
  };
}
