import type { Locale } from '@turing/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../shared/app-error.ts';
import { createSmtpMailer, type Mail, type Mailer } from './mailer.ts';
import { createOutbox, type OutboxLine } from './outbox.ts';
import { SmsDeliveryError } from './sms.ts';
import { createSmsRouter } from './sms.router.ts';
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
 * (HTTP 429 / 5xx, a carrier's throttling or own trouble) or answered an SMTP 4xx. A refused
 * recipient, a bad number or a limit on it (SMTP 5xx, HTTP 4xx, the carrier's code) stays refused,
 * so the user hears it at once.
 */
export function isPassingFault(err: unknown): boolean {
  if (err instanceof SmsDeliveryError) {
    if (err.fault) return err.fault === 'passing';
    return err.status === undefined || err.status === 429 || err.status >= 500;
  }
  const smtp = (err as { responseCode?: unknown }).responseCode;
  return typeof smtp !== 'number' || (smtp >= 400 && smtp < 500);
}

/** What the user is told when a text is refused for good: the number's limit, the number, or neither. */
function refusal(err: unknown): 'SMS_LIMITED' | 'SMS_NUMBER_REFUSED' | null {
  if (!(err instanceof SmsDeliveryError)) return null;
  return err.fault === 'limited' ? 'SMS_LIMITED' : err.fault === 'refused' ? 'SMS_NUMBER_REFUSED' : null;
}

/**
 * Sends codes and notices by e-mail (SMTP) or SMS (a provider adapter, per country with
 * SMS_ROUTES). Outside production, a channel without a real service falls back to the dev outbox.
 * The first attempt is made at once, so a code usually arrives while the user looks; one that
 * meets a passing fault is handed to `later` (the job queue, which retries with backoff) and the
 * request still succeeds.
 */
export function createMessagingService(
  config: Config,
  log: Logger,
  opts: { later?: (message: QueuedMessage) => Promise<void>; smsTimeoutMs?: number } = {},
) {
  const outbox = config.production
    ? null
    : createOutbox(config.DATA_DIR, (line: OutboxLine) => log.info({ outbox: line }, 'dev outbox message'));

  const mailer: Mailer | null = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : null;
  const sms = createSmsRouter(config, { timeoutMs: opts.smsTimeoutMs });

  /** One attempt; false when no service exists for the channel. */
  async function attempt(m: QueuedMessage): Promise<boolean> {
    const texter = m.channel === 'phone' ? sms?.pick(m.to) : null;
    if (m.channel === 'email' && mailer) await mailer.send({ to: m.to, subject: m.subject, text: m.text });
    else if (texter?.codesOnly && m.code === null) {
      // Its registered template carries a code and nothing else: the notice is left unsent.
      log.info({ channel: m.channel, provider: texter.kind, purpose: m.purpose }, 'notice not sent: SMS codes only');
    } else if (texter) await texter.send(m.to, m.text, m.code);
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
      } else if (refusal(err)) log.warn({ err, channel }, 'message refused for this recipient');
      else log.error({ err, channel }, 'message delivery failed');
      throw new AppError(refusal(err) ?? 'DELIVERY_FAILED');
    }
    log.error({ channel }, `no ${channel === 'email' ? 'SMTP_URL' : 'SMS provider'} configured in production`);
    throw new AppError('DELIVERY_FAILED');
  }

  return {
    outboxFile: outbox?.file ?? null,
    /**
     * A queued message's next attempt: a passing failure is thrown, so the queue tries again later;
     * a refusal for good ends it (another attempt would be refused alike).
     */
    async retry(message: QueuedMessage) {
      try {
        if (!(await attempt(message))) throw new Error(`no service for ${message.channel} messages`);
      } catch (err) {
        if (!(err instanceof SmsDeliveryError) || isPassingFault(err)) throw err;
        log.error({ err, channel: message.channel }, 'queued message refused; not tried again');
      }
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
