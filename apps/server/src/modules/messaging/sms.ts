export interface SmsProvider {
  readonly kind: string;
  /**
   * Sends only registered templates filled with a code (the carriers of mainland China): such a
   * provider cannot carry a notice without one.
   */
  readonly codesOnly?: boolean;
  /** `to` in E.164 (+8613800138000); `code` is the verification code the text carries, if any. */
  send(to: string, text: string, code?: string | null): Promise<void>;
}

/**
 * How a provider's refusal is answered: `passing` may succeed on another attempt (the job queue
 * retries it); `limited` (too many texts to the number) and `refused` (the number cannot receive
 * them) are told to the user at once; `lasting` is the operator's to fix (keys, sign, template).
 */
export type SmsFault = 'passing' | 'limited' | 'refused' | 'lasting';

export class SmsDeliveryError extends Error {
  readonly status?: number;
  /** The provider's error code and request id, for the log (never a key). */
  readonly code?: string;
  readonly requestId?: string;
  readonly fault?: SmsFault;
  constructor(message: string, status?: number, detail: { code?: string; requestId?: string; fault?: SmsFault } = {}) {
    super(message);
    this.name = 'SmsDeliveryError';
    this.status = status;
    this.code = detail.code;
    this.requestId = detail.requestId;
    this.fault = detail.fault;
  }
}

/** Twilio's codes for a number that cannot take texts: not valid, not a mobile, or unsubscribed (STOP). */
const TWILIO_REFUSED = new Set([21211, 21614, 21610]);

/**
 * Twilio's Programmable Messaging REST API: one form-encoded POST per message with HTTP basic
 * auth. `apiUrl` is configurable so tests (and regional edges) can point elsewhere.
 */
export function createTwilioSms(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): SmsProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  const endpoint = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64');
  return {
    kind: 'twilio',
    async send(to, text) {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: opts.from, Body: text }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
        const refused = body?.code !== undefined && TWILIO_REFUSED.has(body.code);
        throw new SmsDeliveryError(body?.message ?? `Twilio answered ${res.status}`, res.status, {
          code: body?.code === undefined ? undefined : String(body.code),
          requestId: res.headers.get('twilio-request-id') ?? undefined,
          fault: refused ? 'refused' : undefined,
        });
      }
    },
  };
}
