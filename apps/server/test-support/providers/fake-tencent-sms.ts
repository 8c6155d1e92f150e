import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { FakeProviderBase, type Fault, type Reply, type Request } from './fake-provider-base.ts';

/** An error code with its message, as Tencent answers it per number or for the whole request. */
export interface TencentOutcome {
  code: string;
  message: string;
}

/** A text the fake accepted, as Tencent would deliver it. */
export interface TencentSent {
  phoneNumber: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  templateParamSet: string[];
  region: string;
}

export interface TencentAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

export const TENCENT_ACCOUNT: TencentAccount = {
  secretId: 'AKIDTestSecretId',
  secretKey: 'tencent-test-secret-key',
  sdkAppId: '1400006666',
  signName: '图灵设计',
  templateId: '1110',
};

/** Documented answers, for `outcomes` (per number), `rejections` (the request) and `fail('SendSms', …)`. */
export const TENCENT = {
  dailyLimit: {
    code: 'LimitExceeded.PhoneNumberDailyLimit',
    message: 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit',
  },
  incorrectNumber: { code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'incorrect phone number format' },
  requestLimit: { code: 'RequestLimitExceeded', message: '请求的次数超过了频率限制。' },
  timeout: { code: 'InternalError.Timeout', message: '请求下发短信超时。' },
  serverError: { status: 502, json: { message: 'Bad Gateway' } },
} satisfies Record<string, TencentOutcome | Fault>;

const SERVICE = 'sms';
const REGIONS = new Set(['ap-beijing', 'ap-guangzhou', 'ap-nanjing']);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const E164 = /^\+[1-9]\d{6,14}$/;
/** A domestic number may also come as 0086, 86 or the bare 11 digits. */
const DOMESTIC = /^(?:\+86|0086|86)?1[3-9]\d{9}$/;

/**
 * Tencent Cloud SMS SendSms (API 2021-01-11) as documented: POST / with a JSON body and the
 * X-TC-Action, X-TC-Version, X-TC-Timestamp and X-TC-Region headers, signed TC3-HMAC-SHA256
 * (canonical request: method, "/", empty query, the signed headers lower-cased in key and value
 * with at least content-type and host, SHA-256 of the body; credential scope date/sms/tc3_request;
 * keys derived from "TC3" + SecretKey). Every refusal is HTTP 200 with Response.Error:
 * AuthFailure.InvalidAuthorization, AuthFailure.SecretIdNotFound, AuthFailure.SignatureExpire
 * (more than 5 minutes off), AuthFailure.SignatureFailure, and the parameter checks (app id, sign,
 * template, a verification template's 0–6 digits). A request that passes answers each number in
 * Response.SendStatusSet: Code "Ok", or its own error (a malformed number, or a queued outcome).
 */
export class FakeTencentSms extends FakeProviderBase {
  readonly sent: TencentSent[] = [];
  /** Per-number answers for the next numbers sent, in order. */
  readonly outcomes: TencentOutcome[] = [];
  /** Request-level answers (Response.Error) for the next SendSms calls that pass the signature check. */
  readonly rejections: TencentOutcome[] = [];
  readonly account: TencentAccount;

  static async start(account: Partial<TencentAccount> = {}) {
    return (await new FakeTencentSms({ ...TENCENT_ACCOUNT, ...account }).listen()) as FakeTencentSms;
  }

  private constructor(account: TencentAccount) {
    super(
      (r) => (r.headers['x-tc-action'] === 'SendSms' ? 'SendSms' : 'other'),
      (r) => this.answer(r),
    );
    this.account = account;
  }

  /** Stops answering at all: connections to its address are refused. */
  async down() {
    await this.close();
  }

  private reply(response: Record<string, unknown>): Reply {
    return { status: 200, json: { Response: { ...response, RequestId: randomUUID() } } };
  }

  private error(code: string, message: string): Reply {
    return this.reply({ Error: { Code: code, Message: message } });
  }

  /** The TC3-HMAC-SHA256 check; null when the signature holds. */
  private checkSignature(r: Request): Reply | null {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([\w-]+)\/tc3_request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(r.headers.authorization),
      );
    if (!auth) return this.error('AuthFailure.InvalidAuthorization', '请求头部的 Authorization 不符合腾讯云标准。');
    const [, secretId = '', date = '', service = '', signedList = '', signature = ''] = auth;
    if (secretId !== this.account.secretId) return this.error('AuthFailure.SecretIdNotFound', '密钥不存在。');
    const timestamp = Number(r.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(timestamp * 1000 - this.now()) > 5 * 60_000) {
      return this.error('AuthFailure.SignatureExpire', '签名过期。Timestamp 和服务器时间相差不得超过五分钟。');
    }
    const signed = signedList.split(';');
    const failure = this.error(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated. Please check your signature is correct.',
    );
    if (
      !signed.includes('content-type') ||
      !signed.includes('host') ||
      signed.some((h) => r.headers[h] === undefined)
    ) {
      return failure;
    }
    // The scope is recomputed from the timestamp and this product, not taken from the request.
    const day = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const canonical = [
      r.method,
      r.path,
      r.query.toString(),
      signed.map((h) => `${h}:${String(r.headers[h]).trim().toLowerCase()}\n`).join(''),
      signedList,
      sha256(r.body),
    ].join('\n');
    const scope = `${day}/${SERVICE}/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${this.account.secretKey}`, day), SERVICE), 'tc3_request');
    const expected = createHmac('sha256', key).update(toSign).digest('hex');
    if (date !== day || service !== SERVICE || !same(expected, signature)) return failure;
    return null;
  }

  private answer(r: Request): Reply {
    const refused = this.checkSignature(r);
    if (refused) return refused;
    if (r.headers['x-tc-action'] !== 'SendSms') return this.error('InvalidAction', '接口不存在。');
    if (r.headers['x-tc-version'] !== '2021-01-11') return this.error('NoSuchVersion', '接口版本不存在。');
    const region = String(r.headers['x-tc-region'] ?? '');
    if (!region) return this.error('MissingParameter', '缺少参数错误。');
    if (!REGIONS.has(region)) return this.error('UnsupportedRegion', '接口不支持所传地域。');
    const body = r.json as Partial<Record<string, unknown>> | undefined;
    const numbers = body?.PhoneNumberSet;
    if (!Array.isArray(numbers) || numbers.length === 0) {
      return this.error('MissingParameter.EmptyPhoneNumberSet', '传入的号码列表为空，请确认您的参数中是否传入号码。');
    }
    if (numbers.length > 200)
      return this.error('LimitExceeded.PhoneNumberCountLimit', '单次提交的手机号个数超过200个。');
    if (body?.SmsSdkAppId !== this.account.sdkAppId) {
      return this.error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId 不存在。');
    }
    if (body.TemplateId !== this.account.templateId) {
      return this.error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配。');
    }
    if (body.SignName !== this.account.signName) {
      return this.error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    }
    const params = body.TemplateParamSet;
    if (!Array.isArray(params) || params.length !== 1 || !/^\d{0,6}$/.test(String(params[0]))) {
      return this.error('InvalidParameterValue.TemplateParameterFormatError', '验证码模板参数格式错误。');
    }
    const domestic = numbers.map((n) => DOMESTIC.test(String(n)));
    if (domestic.includes(true) && domestic.includes(false)) {
      return this.error(
        'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber',
        '群发请求里既有国内手机号也有国际手机号。',
      );
    }
    const rejection = this.rejections.shift();
    if (rejection) return this.error(rejection.code, rejection.message);
    const SendStatusSet = numbers.map((n) => {
      const phoneNumber = String(n);
      const status = { SerialNo: '', PhoneNumber: phoneNumber, Fee: 0, SessionContext: '', IsoCode: '' };
      const outcome =
        DOMESTIC.test(phoneNumber) || E164.test(phoneNumber) ? this.outcomes.shift() : TENCENT.incorrectNumber;
      if (outcome) return { ...status, Code: outcome.code, Message: outcome.message };
      this.sent.push({
        phoneNumber,
        smsSdkAppId: this.account.sdkAppId,
        signName: this.account.signName,
        templateId: this.account.templateId,
        templateParamSet: params.map(String),
        region,
      });
      const iso = DOMESTIC.test(phoneNumber) ? 'CN' : 'XX';
      return { ...status, SerialNo: `2019:${randomUUID()}`, Fee: 1, IsoCode: iso, Code: 'Ok', Message: 'send success' };
    });
    return this.reply({ SendStatusSet });
  }
}
