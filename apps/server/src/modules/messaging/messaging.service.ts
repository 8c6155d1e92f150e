import type { Locale } from '@turing/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../shared/app-error.ts';
import { createSmtpMailer, type Mail, type Mailer } from './mailer.ts';
import { createOutbox, type OutboxLine } from './outbox.ts';
import { createTwilioSms, type SmsProvider } from './sms.ts';
import { accountExistsMessage, codeMessage } from './templates.ts';

export interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Sends codes and notices by e-mail (SMTP) or SMS (a provider adapter). Outside production, a
 * channel without a real service falls back to the dev outbox.
 */
export function createMessagingService(config: Config, log: Logger) {
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

  async function deliver(channel: 'phone' | 'email', to: string, purpose: string, code: string | null, mail: Mail) {
    try {
      if (channel === 'email' && mailer) return await mailer.send(mail);
      if (channel === 'phone' && sms) return await sms.send(to, mail.text);
      if (outbox)
        return await outbox.append({ channel, to, purpose, code, text: mail.text, at: new Date().toISOString() });
    } catch (err) {
      log.error({ err, channel }, 'message delivery failed');
      throw new AppError('DELIVERY_FAILED');
    }
    log.error({ channel }, `no ${channel === 'email' ? 'SMTP_URL' : 'SMS provider'} configured in production`);
    throw new AppError('DELIVERY_FAILED');
  }

  return {
    outboxFile: outbox?.file ?? null,
    async sendCode(input: {
      channel: 'phone' | 'email';
      to: string;
      purpose: 'register' | 'reset' | 'bind';
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
