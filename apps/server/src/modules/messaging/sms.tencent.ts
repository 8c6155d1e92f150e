import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { SmsDeliveryError, type SmsFault, type SmsProvider } from './sms.ts';

/** Tencent's own API host, for which requests are addressed and signed. */
const API_HOST = 'sms.tencentcloudapi.com';

/** Too many texts to the number, or too often: the user may try later. */
const LIMITED = new Set([
  'LimitExceeded.PhoneNumberDailyLimit',
  'LimitExceeded.PhoneNumberOneHourLimit',
  'LimitExceeded.PhoneNumberThirtySecondLimit',
  'LimitExceeded.PhoneNumberSameContentDailyLimit',
  'LimitExceeded.DeliveryFrequencyLimit',
]);
/** The number itself: malformed, unsubscribed (or on a carrier's block list), or in a region not served. */
const REFUSED = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'FailedOperation.PhoneNumberInBlacklist',
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber',
  'UnsupportedOperation.UnsuportedRegion',
]);
/** Tencent's own trouble (a timeout towards the carrier, a lost packet): its documentation says retry. */
const PASSING = new Set([
  'InternalError',
  'InternalError.Timeout',
  'InternalError.SendAndRecvFail',
  'InternalError.UnknownError',
  'InternalError.OtherError',
]);

export function tencentFault(code: string): SmsFault {
  if (code.startsWith('RequestLimitExceeded') || PASSING.has(code)) return 'passing';
  if (LIMITED.has(code)) return 'limited';
  if (REFUSED.has(code)) return 'refused';
  return 'lasting';
}

/**
 * The SDK names the service it signs for after the first label of the endpoint's host and signs
 * the host without its port. An address that is not Tencent's (a relay, a test double) is
 * therefore dialled under Tencent's name: the request is addressed and signed for sms.tencentcloudapi.com.
 */
function dialling(target: URL): http.Agent {
  const host = target.hostname;
  const secure = target.protocol === 'https:';
  const port = Number(target.port) || (secure ? 443 : 80);
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  agent.createConnection = secure
    ? () => tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
    : () => net.connect({ host, port });
  return agent;
}

/** An error the SDK threw: Tencent's Error answer, a status other than 200, or no answer at all. */
function fromSdk(err: unknown): SmsDeliveryError {
  const e = err as { code?: unknown; httpCode?: unknown; requestId?: unknown; message?: unknown };
  const requestId = typeof e.requestId === 'string' && e.requestId ? e.requestId : undefined;
  if (typeof e.code === 'string' && e.code) {
    return new SmsDeliveryError(`Tencent SendSms: ${e.code}`, 200, {
      code: e.code,
      requestId,
      fault: tencentFault(e.code),
    });
  }
  if (typeof e.httpCode === 'number') {
    const status = e.httpCode;
    const fault = status === 429 || status >= 500 ? 'passing' : 'lasting';
    return new SmsDeliveryError(`Tencent SendSms: HTTP ${status}`, status, { requestId, fault });
  }
  return new SmsDeliveryError(`Tencent SendSms: no answer (${String(e.message)})`, undefined, { fault: 'passing' });
}

interface SendStatus {
  PhoneNumber?: string;
  Code?: string;
  Message?: string;
}

/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11) through Tencent's SDK, signed TC3-HMAC-SHA256: a
 * registered sign name and a verification template whose one parameter is the code. Tencent
 * answers each number in SendStatusSet ("Ok" or an error code) and request-level trouble in
 * Response.Error; both count.
 */
export function createTencentSms(opts: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** A full URL: https://sms.tencentcloudapi.com, a regional endpoint, a relay or a test double. */
  endpoint: string;
  timeoutMs?: number;
}): SmsProvider {
  const url = new URL(opts.endpoint);
  const own = url.hostname === 'tencentcloudapi.com' || url.hostname.endsWith('.tencentcloudapi.com');
  const client = new sms.v20210111.Client({
    credential: { secretId: opts.secretId, secretKey: opts.secretKey },
    region: opts.region,
    profile: {
      httpProfile: {
        endpoint: own ? url.host : API_HOST,
        protocol: `${url.protocol}//`,
        reqTimeout: (opts.timeoutMs ?? 10_000) / 1000,
        ...(own ? {} : { agent: dialling(url) }),
      },
    },
  });
  return {
    kind: 'tencent',
    codesOnly: true,
    async send(to, _text, code) {
      if (!code)
        throw new SmsDeliveryError('Tencent SMS sends verification codes only', undefined, { fault: 'lasting' });
      let answer: { SendStatusSet?: SendStatus[]; RequestId?: string };
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [to],
          SmsSdkAppId: opts.sdkAppId,
          SignName: opts.signName,
          TemplateId: opts.templateId,
          TemplateParamSet: [code],
        });
      } catch (err) {
        throw fromSdk(err);
      }
      const status = answer.SendStatusSet?.find((s) => s.PhoneNumber === to) ?? answer.SendStatusSet?.[0];
      if (status?.Code === 'Ok') return;
      const failure = status?.Code ?? 'no SendStatus';
      throw new SmsDeliveryError(`Tencent SendSms: ${failure} ${status?.Message ?? ''}`.trim(), 200, {
        code: failure,
        requestId: answer.RequestId,
        fault: tencentFault(failure),
      });
    },
  };
}
