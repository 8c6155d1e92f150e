import type { Locale } from '@turing/contract';
import { LIMITS } from '@turing/contract';

type Purpose = 'register' | 'reset' | 'bind' | 'login';

const PURPOSE: Record<Purpose, Record<Locale, string>> = {
  register: { en: 'to create your account', zh: '用于注册账号' },
  reset: { en: 'to reset your password', zh: '用于重置密码' },
  bind: { en: 'to bind this address to your account', zh: '用于绑定账号' },
  login: { en: 'to log in from a new device', zh: '用于在新设备上登录' },
};

/** The text of a verification-code message, in the language of the person who asked for it. */
export function codeMessage(code: string, purpose: Purpose, locale: Locale) {
  const minutes = LIMITS.verCodeTtlMinutes;
  if (locale === 'zh') {
    return {
      subject: 'Turing Design 验证码',
      text: `【Turing Design】您的验证码是 ${code}，${PURPOSE[purpose].zh}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。`,
    };
  }
  return {
    subject: 'Your Turing Design verification code',
    text: `Your Turing Design verification code is ${code}, ${PURPOSE[purpose].en}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
  };
}

/**
 * Sent instead of a registration code when the address already has an account, so the answer on
 * screen never tells a stranger whether it does; only the owner of the address learns it.
 */
export function accountExistsMessage(locale: Locale) {
  if (locale === 'zh') {
    return {
      subject: 'Turing Design 账号提醒',
      text: '【Turing Design】有人正在用此地址注册账号，但它已经注册过。请直接登录；如忘记密码，请在登录页选择“忘记密码”。如非本人操作，请忽略本消息。',
    };
  }
  return {
    subject: 'You already have a Turing Design account',
    text: 'Someone asked to create a Turing Design account with this address, but it already has one. Log in instead, or choose "Forgot password?" on the login page. If you did not ask for it, ignore this message.',
  };
}
