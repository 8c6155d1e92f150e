import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** Personal API keys, the public API's idempotency rules and webhooks. */
export const DEVELOPER_ERRORS = {
  // One message for every key that does not open the API (missing, malformed, unknown, another
  // user's, revoked, expired): the answer tells a guesser nothing.
  API_KEY_INVALID: def(
    401,
    'The API key is missing, invalid, expired or revoked',
    'API 密钥缺失、无效、已过期或已撤销',
  ),
  API_KEY_SCOPE: def(
    403,
    'This API key does not have the scope {scope}; create a key with it',
    '该 API 密钥没有 {scope} 权限，请创建带有该权限的密钥',
  ),
  API_KEY_NOT_ALLOWED: def(
    403,
    'API keys cannot be used here: this part of the app needs a signed-in session',
    '此处不能使用 API 密钥：需要登录后的会话',
  ),
  API_KEY_LIMIT: def(
    400,
    'You can have at most {max} API keys; revoke one first',
    '最多可创建 {max} 个 API 密钥，请先撤销一个',
  ),
  API_KEY_NOT_FOUND: def(404, 'This API key does not exist or was revoked', '该 API 密钥不存在或已被撤销'),
  API_KEY_NAME_REQUIRED: def(400, 'Please name the key', '请填写密钥名称'),
  API_KEY_SCOPES_REQUIRED: def(400, 'Please choose at least one scope', '请至少选择一项权限'),
  IDEMPOTENCY_KEY_REQUIRED: def(
    400,
    'This request needs an Idempotency-Key header (1 to 255 visible characters)',
    '该请求需要 Idempotency-Key 请求头（1 到 255 个可见字符）',
  ),
  IDEMPOTENCY_KEY_INVALID: def(
    400,
    'The Idempotency-Key header must be 1 to 255 visible ASCII characters',
    'Idempotency-Key 请求头须为 1 到 255 个可见 ASCII 字符',
  ),
  IDEMPOTENCY_KEY_REUSED: def(
    422,
    'This Idempotency-Key was already used with a different request; use a new key for a new request',
    '该 Idempotency-Key 已用于另一个不同的请求，新请求请使用新的密钥',
  ),
  IDEMPOTENCY_KEY_IN_FLIGHT: def(
    409,
    'A request with this Idempotency-Key is still being processed; retry in a moment',
    '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
  ),
  WEBHOOK_URL_INVALID: def(
    400,
    'The webhook address must be a valid https:// URL (at most 2,000 characters)',
    'Webhook 地址必须是有效的 https:// 网址（最多 2000 个字符）',
  ),
  WEBHOOK_URL_FORBIDDEN: def(
    400,
    'The webhook address points to a private, local or reserved network address, which cannot be called',
    'Webhook 地址指向私有、本地或保留的网络地址，无法调用',
  ),
  WEBHOOK_LIMIT: def(
    400,
    'You can have at most {max} webhook endpoints; delete one first',
    '最多可添加 {max} 个 Webhook 地址，请先删除一个',
  ),
  WEBHOOK_NOT_FOUND: def(404, 'This webhook endpoint does not exist', '该 Webhook 地址不存在'),
  WEBHOOK_EVENTS_REQUIRED: def(400, 'Please choose at least one event', '请至少选择一个事件'),
  WEBHOOK_DELIVERY_NOT_FOUND: def(404, 'This delivery does not exist', '该投递记录不存在'),
} as const satisfies Record<string, ErrorDef>;
