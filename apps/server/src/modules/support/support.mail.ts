import type { Locale } from '@turing/contract';

/**
 * The notice sent when support answers, in the language the user wrote in. It carries no reply
 * text: the answer stays behind the login, and the mail only says where to read it.
 */
export function staffReplyMail(subject: string, locale: Locale, link: string | null) {
  if (locale === 'zh') {
    return {
      subject: `Turing Design 技术支持已回复：${subject}`,
      text: [
        '您好：',
        `Turing Design 技术支持已回复您的工单“${subject}”。`,
        `请登录 Turing Design，打开“用户信息 → 技术支持”查看回复${link ? `：${link}` : '。'}`,
        '您可以在那里继续回复，请勿直接回复本邮件。',
        '—— Turing Design 技术支持',
      ].join('\n\n'),
    };
  }
  return {
    subject: `Turing Design support replied: ${subject}`,
    text: [
      'Hello,',
      `Turing Design support has replied to your ticket "${subject}".`,
      `To read the reply, log in to Turing Design and open User information → Technical support${link ? `: ${link}` : '.'}`,
      'You can answer there too; please do not reply to this e-mail.',
      '— Turing Design support',
    ].join('\n\n'),
  };
}
