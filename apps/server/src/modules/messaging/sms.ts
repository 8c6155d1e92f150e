export interface SmsProvider {
  readonly kind: string;
  send(to: string, text: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'SmsDeliveryError';
    this.status = status;
  }
}

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
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new SmsDeliveryError(body?.message ?? `Twilio answered ${res.status}`, res.status);
      }
    },
  };
}
