import dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsDeliveryError, type SmsFault, type SmsProvider } from './sms.ts';

// CommonJS with the client on `exports.default`: Node's import hands over the exports object.
const Dysmsapi = (dysmsapi as unknown as { default?: typeof dysmsapi }).default ?? dysmsapi;

/** Too many texts to the number (by default 1 a minute, 5 an hour, 10 a day per sign): later may work. */
const LIMITED = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'BUSINESS_LIMIT_CONTROL_MINUTE',
  'isv.BUSINESS_LIMIT_HOUR',
  'isv.BUSINESS_LIMIT_DAY',
  'BUSINESS_LIMIT_CONTROL_PHONE',
]);
/** The number itself: malformed, or in a country the account cannot reach. */
const REFUSED = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.PHONE_NUMBER_ILLEGAL', 'isv.NOT_SUPPORTED_COUNTRY']);
/** Aliyun's own trouble, which its documentation answers with "try again". */
const PASSING = new Set([
  'isp.SYSTEM_ERROR',
  'isp.GATEWAY_ERROR',
  'isp.UNKNOWN',
  'InternalError',
  'ServiceUnavailable',
]);

export function aliyunFault(code: string, status?: number): SmsFault {
  if ((status !== undefined && status >= 500) || code.startsWith('Throttling') || PASSING.has(code)) return 'passing';
  if (LIMITED.has(code)) return 'limited';
  if (REFUSED.has(code)) return 'refused';
  return 'lasting';
}

/** Dysmsapi's forms: a mainland number without its +86, any other as country code and number. */
export function aliyunNumber(e164: string): string {
  return e164.startsWith('+86') ? e164.slice(3) : e164.replace(/^\+/, '');
}

/** An error the SDK threw: an answer of the service (with its status and code), or no answer at all. */
function fromSdk(err: unknown): SmsDeliveryError {
  const e = err as { statusCode?: unknown; code?: unknown; requestId?: unknown; message?: unknown };
  if (typeof e.statusCode !== 'number') {
    // Refused connection, reset, timeout, or a body that is not Aliyun's JSON: nothing was decided.
    return new SmsDeliveryError(`Aliyun SendSms: no answer (${String(e.code ?? e.message)})`, undefined, {
      fault: 'passing',
    });
  }
  // The SDK interpolates what the body lacked as the text "undefined".
  const known = (v: unknown) => (typeof v === 'string' && v && v !== 'undefined' ? v : undefined);
  const code = known(e.code);
  return new SmsDeliveryError(`Aliyun SendSms: ${code ?? 'no Code'} (HTTP ${e.statusCode})`, e.statusCode, {
    code,
    requestId: known(e.requestId),
    fault: aliyunFault(code ?? '', e.statusCode),
  });
}

/**
 * Aliyun SMS (Dysmsapi 2017-05-25 SendSms) through Aliyun's SDK, signed with its V3 signature: a
 * registered sign name and a verification template whose one variable is `code`. Business refusals
 * come back as HTTP 200 with a Code other than OK. The SDK does not retry (texts are not
 * idempotent); the job queue does, for passing faults only.
 */
export function createAliyunSms(opts: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** A full URL: https://dysmsapi.aliyuncs.com, a regional endpoint, or a test double. */
  endpoint: string;
  timeoutMs?: number;
}): SmsProvider {
  const url = new URL(opts.endpoint);
  const timeout = opts.timeoutMs ?? 10_000;
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: opts.accessKeyId,
      accessKeySecret: opts.accessKeySecret,
      endpoint: url.host,
      protocol: url.protocol.replace(':', ''),
      connectTimeout: timeout,
      readTimeout: timeout,
    }),
  );
  return {
    kind: 'aliyun',
    codesOnly: true,
    async send(to, _text, code) {
      if (!code)
        throw new SmsDeliveryError('Aliyun SMS sends verification codes only', undefined, { fault: 'lasting' });
      const request = new SendSmsRequest({
        phoneNumbers: aliyunNumber(to),
        signName: opts.signName,
        templateCode: opts.templateCode,
        templateParam: JSON.stringify({ code }),
      });
      let body: { code?: string; message?: string; requestId?: string } | undefined;
      try {
        ({ body } = await client.sendSms(request));
      } catch (err) {
        throw fromSdk(err);
      }
      if (body?.code === 'OK') return;
      const answer = body?.code ?? 'no Code';
      throw new SmsDeliveryError(`Aliyun SendSms: ${answer} ${body?.message ?? ''}`.trim(), 200, {
        code: answer,
        requestId: body?.requestId,
        fault: aliyunFault(answer),
      });
    },
  };
}
