/**
 * Every business error that crosses the wire: a stable code, the HTTP status it travels with,
 * and its message in both languages. The server localises `msg` from this table; the web can
 * also map `code` itself when it needs to.
 */
export type Locale = 'en' | 'zh';

interface ErrorDef {
  http: number;
  en: string;
  zh: string;
}

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

export const ERRORS = {
  SESSION_EXPIRED: def(401, 'Your login has expired, please log in again', '登录已过期，请重新登录'),
  APP_HEADER_MISSING: def(
    403,
    'This request was refused: it did not come from the Turing Design app (missing X-Requested-With header)',
    '请求被拒绝：该请求并非来自 Turing Design 应用（缺少 X-Requested-With 请求头）',
  ),
  VALIDATION: def(400, 'Invalid input or settings', '输入或设置无效'),
  NOT_FOUND: def(404, 'The requested resource does not exist', '请求的资源不存在'),
  RATE_LIMITED: def(429, 'Too many requests, please try again in {seconds} s', '请求过于频繁，请 {seconds} 秒后再试'),
  PAYLOAD_TOO_LARGE: def(413, 'The request is too large', '请求内容过大'),
  INTERNAL: def(
    500,
    'Server error, please try again later or contact the administrator',
    '服务器错误，请稍后重试或联系管理员',
  ),
  LOGOUT_FAILED: def(500, 'Logout failed, please try again later', '退出登录失败，请稍后重试'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = ERRORS[code][locale];
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
