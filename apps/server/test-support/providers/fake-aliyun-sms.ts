import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { FakeProviderBase, type Fault, type Reply, type Request } from './fake-provider-base.ts';

/** A business answer of SendSms: HTTP 200 with a Code other than OK. */
export interface AliyunOutcome {
  code: string;
  message: string;
}

/** A text the fake accepted, as Aliyun would deliver it. */
export interface AliyunSent {
  phoneNumbers: string[];
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  signedWith: 'V3' | 'V2';
}

export interface AliyunAccount {
  keyId: string;
  secret: string;
  signName: string;
  templateCode: string;
}

export const ALIYUN_ACCOUNT: AliyunAccount = {
  keyId: 'LTAI5tTestKeyId',
  secret: 'aliyun-test-secret',
  signName: '图灵设计',
  templateCode: 'SMS_465900001',
};

/** Documented answers, for `fail('SendSms', …)` and `outcomes`. */
export const ALIYUN = {
  /** The per-number flow control of verification codes (1 a minute, 5 an hour, 10 a day). */
  businessLimit: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控Permits:10' },
  dayLimit: { code: 'isv.DAY_LIMIT_CONTROL', message: '触发日发送限额' },
  systemError: { code: 'isp.SYSTEM_ERROR', message: 'isp.SYSTEM_ERROR' },
  throttled: {
    status: 400,
    json: { Code: 'Throttling.User', Message: 'Request was denied due to user flow control.', RequestId: 'throttled' },
  },
  internalError: {
    status: 500,
    json: {
      Code: 'InternalError',
      Message: 'The request processing has failed due to some unknown error, exception or failure.',
      RequestId: 'internal',
    },
  },
} satisfies Record<string, AliyunOutcome | Fault>;

/** RFC 3986 encoding, as both signature versions canonicalise names and values. */
const percent = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** A Chinese mainland mobile (bare, +86, 0086 or 86 before it), or country code and number. */
const NUMBER = /^(?:(?:\+|00)?86)?1[3-9]\d{9}$|^[1-9]\d{7,14}$/;

/**
 * Aliyun Dysmsapi (2017-05-25) SendSms as documented: an RPC call whose parameters ride in the
 * query (or a form body), signed with the V3 signature (Authorization: ACS3-HMAC-SHA256 over the
 * canonical request: method, "/", sorted RFC 3986 query, lower-cased host and x-acs-* headers,
 * signed header names, SHA-256 of the body) or the older V2 one (Signature: HMAC-SHA1 of the
 * sorted parameters, key = secret + "&"). A bad signature answers 400 SignatureDoesNotMatch, a
 * malformed one IncompleteSignature, an unknown key 404 InvalidAccessKeyId.NotFound, a stale
 * date (over 15 minutes) InvalidTimeStamp.Expired and a reused nonce SignatureNonceUsed. A missing
 * parameter answers 400 Missing<Name>; an unregistered sign or template, a template variable left
 * out, a non-string variable or a malformed number are refused as HTTP 200 with their isv.* Code.
 */
export class FakeAliyunSms extends FakeProviderBase {
  readonly sent: AliyunSent[] = [];
  /** Business answers for the next SendSms calls, in order, after the request passed its checks. */
  readonly outcomes: AliyunOutcome[] = [];
  private readonly nonces = new Set<string>();

  /** The AccessKey pair and the sign and template registered on the account. */
  readonly keyId: string;
  readonly secret: string;
  readonly signName: string;
  readonly templateCode: string;

  static async start(account: Partial<AliyunAccount> = {}) {
    return (await new FakeAliyunSms({ ...ALIYUN_ACCOUNT, ...account }).listen()) as FakeAliyunSms;
  }

  private constructor(account: AliyunAccount) {
    super(
      (r) => (FakeAliyunSms.action(r) === 'SendSms' ? 'SendSms' : 'other'),
      (r) => this.answer(r),
    );
    ({ keyId: this.keyId, secret: this.secret, signName: this.signName, templateCode: this.templateCode } = account);
  }

  /** The action: the x-acs-action header (V3), else the Action parameter of the query or form (V2). */
  private static action(r: Request): string | undefined {
    const header = r.headers['x-acs-action'];
    if (typeof header === 'string') return header;
    const form = String(r.headers['content-type']).startsWith('application/x-www-form-urlencoded');
    return (
      r.query.get('Action') ?? (form ? new URLSearchParams(r.body.toString('utf8')).get('Action') : null) ?? undefined
    );
  }

  /** Stops answering at all: connections to its address are refused. */
  async down() {
    await this.close();
  }

  private error(status: number, code: string, message: string): Reply {
    return { status, json: { RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message } };
  }

  private params(r: Request): Map<string, string> {
    const all = new Map(r.query);
    if (String(r.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(r.body.toString('utf8'))) all.set(k, v);
    }
    return all;
  }

  /** The V3 check; null when the signature holds. */
  private checkV3(r: Request): Reply | null {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(r.headers.authorization),
    );
    if (!auth)
      return this.error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId = '', signedList = '', signature = ''] = auth;
    if (keyId !== this.keyId)
      return this.error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedList.split(';');
    const mustSign = Object.keys(r.headers).filter(
      (h) => h === 'host' || h === 'content-type' || h.startsWith('x-acs-'),
    );
    if (mustSign.some((h) => !signed.includes(h)) || signed.some((h) => r.headers[h] === undefined)) {
      return this.error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    }
    const stale = this.stale(String(r.headers['x-acs-date']), String(r.headers['x-acs-signature-nonce']));
    if (stale) return stale;
    if (r.headers['x-acs-content-sha256'] !== sha256(r.body)) {
      return this.error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const query = [...r.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonical = [
      r.method,
      '/',
      query.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&'),
      signed.map((h) => `${h}:${String(r.headers[h]).trim()}\n`).join(''),
      signedList,
      sha256(r.body),
    ].join('\n');
    const expected = createHmac('sha256', this.secret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex');
    if (!same(expected, signature)) {
      return this.error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (r.headers['x-acs-version'] !== '2017-05-25') {
      return this.error(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    }
    return null;
  }

  /** The V2 (RPC) check; null when the signature holds. */
  private checkV2(r: Request, params: Map<string, string>): Reply | null {
    const signature = params.get('Signature');
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || !params.get('AccessKeyId') || !signature) {
      return this.error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    }
    if (params.get('AccessKeyId') !== this.keyId) {
      return this.error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    const stale = this.stale(params.get('Timestamp') ?? '', params.get('SignatureNonce') ?? '');
    if (stale) return stale;
    const sorted = [...params].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonical = sorted.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&');
    const toSign = `${r.method}&${percent('/')}&${percent(canonical)}`;
    const expected = createHmac('sha1', `${this.secret}&`).update(toSign).digest('base64');
    if (!same(expected, signature)) {
      return this.error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (params.get('Version') !== '2017-05-25') {
      return this.error(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    }
    return null;
  }

  /** The date must be ISO 8601 UTC within 15 minutes, and the nonce new. */
  private stale(date: string, nonce: string): Reply | null {
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(date)) {
      return this.error(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    if (Math.abs(Date.parse(date) - this.now()) > 15 * 60_000) {
      return this.error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (!nonce || this.nonces.has(nonce)) {
      return this.error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    this.nonces.add(nonce);
    return null;
  }

  private answer(r: Request): Reply {
    if (r.method !== 'POST' && r.method !== 'GET')
      return this.error(400, 'UnsupportedHTTPMethod', 'This http method not supported.');
    const params = this.params(r);
    const v3 = String(r.headers.authorization ?? '').startsWith('ACS3-');
    const refused = v3 ? this.checkV3(r) : this.checkV2(r, params);
    if (refused) return refused;
    if (FakeAliyunSms.action(r) !== 'SendSms')
      return this.error(404, 'InvalidAction.NotFound', 'Specified api is not found.');
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!params.get(name)) return this.error(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    const business = (code: string, message: string): Reply => ({
      status: 200,
      json: { RequestId: randomUUID(), Code: code, Message: message },
    });
    if (params.get('SignName') !== this.signName)
      return business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (params.get('TemplateCode') !== this.templateCode)
      return business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let templateParam: Record<string, unknown>;
    try {
      templateParam = JSON.parse(params.get('TemplateParam') ?? '{}') as Record<string, unknown>;
    } catch {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (Object.values(templateParam).some((v) => typeof v !== 'string')) {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (!templateParam.code) return business('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    const phoneNumbers = params.get('PhoneNumbers')!.split(',');
    if (phoneNumbers.some((n) => !NUMBER.test(n))) return business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    const outcome = this.outcomes.shift();
    if (outcome) return business(outcome.code, outcome.message);
    this.sent.push({
      phoneNumbers,
      signName: params.get('SignName')!,
      templateCode: params.get('TemplateCode')!,
      templateParam: templateParam as Record<string, string>,
      signedWith: v3 ? 'V3' : 'V2',
    });
    return { status: 200, json: { RequestId: randomUUID(), Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` } };
  }
}
