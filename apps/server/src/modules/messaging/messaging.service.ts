import type { Locale } from '@turing/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../shared/app-error.ts';
import { createSmtpMailer, type Mail, type Mailer } from './mailer.ts';
import { createOutbox, type OutboxLine } from './outbox.ts';
import { createTwilioSms, SmsDeliveryError, type SmsProvider } from './sms.ts';
import { accountExistsMessage, codeMessage } from './templates.ts';

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A message as the queue keeps it for another attempt. */
export interface QueuedMessage {
  channel: 'phone' | 'email';
  to: string;
  purpose: string;
  code: string | null;
  subject: string;
  text: string;
}

/**
 * Whether another attempt may succeed: the service could not be reached, timed out, was busy
 * (HTTP 429 / 5xx) or answered an SMTP 4xx. A refused recipient or a bad number (SMTP 5xx, HTTP
 * 4xx) stays refused, so the user hears it at once.
 */
export function isPassingFault(err: unknown): boolean {
  if (err instanceof SmsDeliveryError) return err.status === undefined || err.status === 429 || err.status >= 500;
  const smtp = (err as { responseCode?: unknown }).responseCode;
  return typeof smtp !== 'number' || (smtp >= 400 && smtp < 500);
}

/**
 * Sends codes and notices by e-mail (SMTP) or SMS (a provider adapter). Outside production, a
 * channel without a real service falls back to the dev outbox. The first attempt is made at once,
 * so a code usually arrives while the user looks; one that meets a passing fault is handed to
 * `later` (the job queue, which retries with backoff) and the request still succeeds.
 */
export function createMessagingService(
  config: Config,
  log: Logger,
  opts: { later?: (message: QueuedMessage) => Promise<void> } = {},
) {
  const outbox = config.production
    ? null
    : createOutbox(config.DATA_DIR, (line: OutboxLine) => log.info({ outbox: line }, 'dev outbox message'));

  const mailer: Mailer | null = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : null;
  let sms: SmsProvider | null = null;
  if (config.SMS_PROVIDER === 'twilio') {
    if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) {
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    }
    sms = createTwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      apiUrl: config.TWILIO_API_URL,
    });
  }

  /** One attempt; false when no service exists for the channel. */
  async function attempt(m: QueuedMessage): Promise<boolean> {
    if (m.channel === 'email' && mailer) await mailer.send({ to: m.to, subject: m.subject, text: m.text });
    else if (m.channel === 'phone' && sms) await sms.send(m.to, m.text);
    else if (outbox) {
      const { channel, to, purpose, code, text } = m;
      await outbox.append({ channel, to, purpose, code, text, at: new Date().toISOString() });
    } else return false;
    return true;
  }

  async function deliver(channel: 'phone' | 'email', to: string, purpose: string, code: string | null, mail: Mail) {
    const message: QueuedMessage = { channel, to, purpose, code, subject: mail.subject, text: mail.text };
    try {
      if (await attempt(message)) return;
    } catch (err) {
      if (opts.later && isPassingFault(err)) {
        log.warn({ err, channel }, 'message delivery failed; queued for another attempt');
        try {
          return await opts.later(message);
        } catch (queueErr) {
          log.error({ err: queueErr, channel }, 'message could not be queued');
        }
      } else log.error({ err, channel }, 'message delivery failed');
      throw new AppError('DELIVERY_FAILED');
    }
    log.error({ channel }, `no ${channel === 'email' ? 'SMTP_URL' : 'SMS provider'} configured in production`);
    throw new AppError('DELIVERY_FAILED');
  }

  return {
    outboxFile: outbox?.file ?? null,
    /** A queued message's next attempt: a failure is thrown, so the queue tries again later. */
    async retry(message: QueuedMessage) {
      if (!(await attempt(message))) throw new Error(`no service for ${message.channel} messages`);
    },
    async sendCode(input: {
      channel: 'phone' | 'email';
      to: string;
      purpose: 'register' | 'reset' | 'bind' | 'login';
      code: string;
      locale: Locale;
    }) {
      const { subject, text } = codeMessage(input.code, input.purpose, input.locale);
      await deliver(input.channel, input.to, input.purpose, input.code, { to: input.to, subject, text });
    },
    /** Told instead of a registration code when the address already has an account. */
    async sendAccountExists(input: { channel: 'phone' | 'email'; to: string; locale: Locale }) {
      const { subject, text } = accountExistsMessage(input.locale);
      await deliver(input.channel, input.to, 'register', null, { to: input.to, subject, text });
    },
    /** A notice by e-mail (e.g. a support reply); quietly skipped when no mail service exists. */
    async notifyByEmail(mail: Mail & { purpose: string }): Promise<boolean> {
      if (!mailer && !outbox) return false;
      await deliver('email', mail.to, mail.purpose, null, mail);
      return true;
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
