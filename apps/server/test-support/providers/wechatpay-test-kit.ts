import { createCipheriv, randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The merchant, its keys and WeChat Pay's, as the fake and the app under test share them (keys/README.md). */
const keys = path.join(import.meta.dirname, 'keys');
export const pem = (name: string) => readFileSync(path.join(keys, name), 'utf8');

export const WECHATPAY_TEST = {
  mchId: '1900009191',
  appId: 'wxd678efh567hg6787',
  merchantSerial: '3775B6A45ACD588826D15E583A95F5DD12345678',
  apiV3Key: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
  publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
  platformSerial: new X509Certificate(pem('wechatpay-platform.cert.pem')).serialNumber,
  files: {
    merchantKey: path.join(keys, 'wechatpay-merchant.key.pem'),
    publicKey: path.join(keys, 'wechatpay-publickey.pub.pem'),
    platformCert: path.join(keys, 'wechatpay-platform.cert.pem'),
  },
};

/** The settings that point the app at this fake (public-key mode; add the certificate for both). */
export const wechatPayEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  WECHATPAY_MCH_ID: WECHATPAY_TEST.mchId,
  WECHATPAY_APP_ID: WECHATPAY_TEST.appId,
  WECHATPAY_MCH_CERT_SERIAL: WECHATPAY_TEST.merchantSerial,
  WECHATPAY_MCH_PRIVATE_KEY: WECHATPAY_TEST.files.merchantKey,
  WECHATPAY_API_V3_KEY: WECHATPAY_TEST.apiV3Key,
  WECHATPAY_PUBLIC_KEY_ID: WECHATPAY_TEST.publicKeyId,
  WECHATPAY_PUBLIC_KEY: WECHATPAY_TEST.files.publicKey,
  WECHATPAY_PLATFORM_CERT: WECHATPAY_TEST.files.platformCert,
  WECHATPAY_API_URL: apiUrl,
  ...extra,
});

/**
 * A notification's `resource` as WeChat Pay seals it: AEAD_AES_256_GCM with the APIv3 key, a
 * 12-character nonce, the resource type as associated data, the 16-byte tag after the ciphertext.
 */
export function sealResource(plain: string, aad: string, apiV3Key: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: aad,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: sealed.toString('base64'),
    associated_data: aad,
    nonce,
  };
}

export interface Trade {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  total: number;
  kind: 'NATIVE' | 'MWEB';
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id: string | null;
  body: string;
}

export interface Refund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  refund: number;
  total: number;
}

/** A transaction as the query and the payment notification describe it. */
export function transactionView(t: Trade, now: number) {
  const paid = t.state === 'SUCCESS' || t.state === 'REFUND';
  return {
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.out_trade_no,
    trade_state: t.state,
    trade_state_desc: { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '转入退款' }[t.state],
    ...(paid
      ? {
          transaction_id: t.transaction_id,
          trade_type: t.kind,
          bank_type: 'OTHERS',
          success_time: new Date(now).toISOString(),
          payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
        }
      : { amount: { total: t.total, currency: 'CNY' } }),
  };
}

/** A refund as its creation and query answer it. */
export function refundView(r: Refund, trade: Trade, now: number) {
  return {
    refund_id: r.refund_id,
    out_refund_no: r.out_refund_no,
    transaction_id: trade.transaction_id,
    out_trade_no: r.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    status: r.status,
    create_time: new Date(now).toISOString(),
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  };
}
