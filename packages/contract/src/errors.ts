import { ACCOUNT_ERRORS } from './errors.accounts.ts';
import { ADMIN_ERRORS } from './errors.admin.ts';
import { BOARD_ERRORS } from './errors.board.ts';
import { DEVELOPER_ERRORS } from './errors.developer.ts';
import { GENERATION_ERRORS } from './errors.generation.ts';
import { MODEL_ERRORS } from './errors.models.ts';
import { PROMPT_HELP_ERRORS } from './errors.prompt.ts';
import { PROJECT_ERRORS } from './errors.project.ts';
import type { ErrorDef, Locale } from './errors.types.ts';

export type { ErrorDef, Locale } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/**
 * Every business error that crosses the wire: a stable code, the HTTP status it travels with,
 * and its message in both languages. The server localises `msg` from this table; the web can
 * also map `code` itself when it needs to. The larger topics keep their part in errors.*.ts.
 */
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
  UNAVAILABLE: def(503, 'The service is unavailable, please try again later', '服务暂不可用，请稍后重试'),
  LOGOUT_FAILED: def(500, 'Logout failed, please try again later', '退出登录失败，请稍后重试'),

  // Field rules (a contract schema names one of these as its message).
  USERNAME_REQUIRED: def(400, 'Please enter a username', '请输入用户名'),
  USERNAME_TOO_LONG: def(400, 'The username can be at most 32 characters', '用户名最多 32 个字符'),
  NICKNAME_REQUIRED: def(400, 'Please enter a nickname', '请输入昵称'),
  NICKNAME_TOO_LONG: def(400, 'The nickname can be at most 32 characters', '昵称最多 32 个字符'),
  SIGNATURE_TOO_LONG: def(400, 'The signature can be at most 200 characters', '个性签名最多 200 个字符'),
  TEXT_TOO_LONG: def(400, 'The text is too long', '输入的文字过长'),
  CODE_REQUIRED: def(400, 'Please enter the verification code', '请输入验证码'),
  CODE_FORMAT: def(400, 'The verification code has 1 to 6 characters', '验证码为 1 到 6 个字符'),
  PASSWORD_REQUIRED: def(400, 'Please enter a password', '请输入密码'),
  PASSWORD_LENGTH: def(400, 'The password must be 6 to 32 characters', '密码长度为 6 到 32 个字符'),
  PASSWORD_MISMATCH: def(400, 'The two passwords do not match', '两次输入的密码不一致'),
  OCCUPATION_REQUIRED: def(400, 'Please choose your occupation', '请选择您的职业'),
  PHONE_INVALID: def(400, 'Please enter a valid phone number', '请输入有效的手机号码'),
  EMAIL_INVALID: def(400, 'Please enter a valid e-mail address', '请输入有效的邮箱地址'),
  PHONE_OR_EMAIL_REQUIRED: def(400, 'Please enter a phone number or an e-mail address', '请输入手机号码或邮箱地址'),
  AGREEMENT_REQUIRED: def(
    400,
    'Please read and agree to the user agreement and privacy policy',
    '请阅读并同意用户协议和隐私政策',
  ),
  TEXT_INVALID_CHAR: def(
    400,
    'The text contains a character that cannot be kept (a NUL byte, a broken character or a text-direction control), please remove it',
    '输入内容包含无法保存的字符（NUL 空字符、残缺字符或文字方向控制符），请删除后重试',
  ),
  SUBJECT_REQUIRED: def(400, 'Please enter a subject', '请输入主题'),
  MESSAGE_REQUIRED: def(400, 'Please describe your question', '请描述您的问题'),
  CURSOR_INVALID: def(
    400,
    'This list position is not valid (it may be from an older version of the list); please load the list again from the start',
    '列表位置无效（可能来自旧版本的列表），请从头重新加载列表',
  ),
  PAGE_LIMIT: def(400, 'A page holds 1 to 100 items', '每页可包含 1 到 100 项'),

  // Accounts
  ...ACCOUNT_ERRORS,

  // Uploads
  IMAGE_TOO_LARGE: def(413, 'The image is over 5MB, please choose a smaller one', '图片超过 5MB，请选择更小的图片'),
  IMAGE_FORMAT: def(
    415,
    'Wrong image format: only png, jpg and jpeg are accepted',
    '图片格式错误：仅支持 png、jpg、jpeg',
  ),
  IMAGE_TOO_MANY_PIXELS: def(
    413,
    'The image is too large: at most {megapixels} megapixels (for example 8000 × 5000 pixels), please scale it down',
    '图片尺寸过大：最多 {megapixels} 百万像素（例如 8000 × 5000 像素），请缩小后再上传',
  ),
  UPLOAD_QUOTA: def(
    429,
    'You have reached the daily upload limit ({count} images or {mb}MB in 24 hours); please try again in {hours} h',
    '已达到每日上传上限（24 小时内 {count} 张图片或 {mb}MB），请 {hours} 小时后再试',
  ),
  UPLOAD_FAILED: def(400, 'The image upload failed, please try again', '图片上传失败，请重试'),
  UPLOAD_NOT_FOUND: def(
    404,
    'The uploaded image was not found, please upload it again',
    '未找到已上传的图片，请重新上传',
  ),

  USER_NOT_FOUND: def(404, 'No account matches this user', '没有与该用户匹配的账号'),
  BALANCE_TOO_LOW: def(409, 'The balance cannot go below zero', '余额不能低于零'),

  // Generation
  ...GENERATION_ERRORS,
  // A model asked for what it cannot do: refused at submit, before anything is charged.
  ...MODEL_ERRORS,
  // "Improve prompt" in the studio
  ...PROMPT_HELP_ERRORS,
  // The operator console
  ...ADMIN_ERRORS,
  ...DEVELOPER_ERRORS,
  ...BOARD_ERRORS,
  ...PROJECT_ERRORS,

  // Workspace
  FOLDER_NAME_REQUIRED: def(400, 'The folder name must not be empty', '文件夹名称不能为空'),
  FOLDER_NOT_FOUND: def(404, 'This folder was not found', '未找到该文件夹'),
  FOLDER_DEFAULT_LOCKED: def(400, 'The default folder cannot be deleted', '默认文件夹不能删除'),
  FOLDER_LIMIT: def(
    409,
    'You already have {max} folders, the most one account may keep; delete one you no longer use first',
    '您已有 {max} 个文件夹，已达每个账号的上限，请先删除不再使用的文件夹',
  ),
  FOLDER_FETCH_FAILED: def(
    500,
    'The folders could not be loaded, please try again later',
    '文件夹获取失败，请稍后重试',
  ),
  IMAGE_NOT_FOUND: def(404, 'This image was not found', '未找到该图片'),
  ZIP_TOO_LARGE: def(
    413,
    'These {count} images come to {mb}MB, more than the {maxMb}MB one ZIP may hold; please select fewer images',
    '所选 {count} 张图片共 {mb}MB，超过单个 ZIP 的 {maxMb}MB 上限，请减少选择的图片',
  ),

  // Community
  WORK_NOT_FOUND: def(404, 'This work does not exist or is not public', '该作品不存在或未公开'),
  WORK_HIDDEN: def(410, 'This work has been hidden by the administrator', '该作品已被管理员隐藏'),
  WORK_TITLE_REQUIRED: def(400, 'Please enter a title for the work', '请输入作品标题'),
  WORK_NOT_RESULT: def(400, 'Only images you generated can be published', '只能发布您自己生成的图片'),
  PARAMS_HIDDEN: def(403, 'The creator has hidden the parameters of this work', '作者已隐藏该作品的参数'),
  FOLLOW_SELF: def(400, 'You cannot follow yourself', '不能关注自己'),
  USER_SUSPENDED: def(
    403,
    'This account has been suspended, please contact the administrator',
    '该账号已被停用，请联系管理员',
  ),

  // Billing
  PRODUCT_NOT_FOUND: def(404, 'This product is not on sale', '该商品未在售'),
  ORDER_NOT_FOUND: def(404, 'This order was not found', '未找到该订单'),
  ORDER_NOT_PENDING: def(409, 'This order is no longer awaiting payment', '该订单已不在待支付状态'),
  ORDER_NOT_REFUNDABLE: def(409, 'Only a paid order can be refunded', '只有已支付的订单可以退款'),
  PAYMENT_UNAVAILABLE: def(
    503,
    'Payment is not available right now, please try again later',
    '暂时无法支付，请稍后重试',
  ),
  PAYMENT_REFUND_REFUSED: def(
    409,
    'The payment provider refused the refund: {reason}. The order stays paid.',
    '支付机构拒绝了退款：{reason}。订单仍为已支付。',
  ),
  REDEEM_CODE_NOT_FOUND: def(404, 'This redemption code does not exist', '兑换码不存在'),
  REDEEM_CODE_USED: def(409, 'This redemption code has already been used', '兑换码已被使用'),
  REDEEM_CODE_EXPIRED: def(410, 'This redemption code has expired', '兑换码已过期'),
  REDEEM_CODE_REDEEMED_BY_YOU: def(409, 'You have already redeemed this code', '您已兑换过该兑换码'),
  INVITE_CODE_NOT_FOUND: def(404, 'This invitation code does not exist', '邀请码不存在'),
  INVITE_CODE_SELF: def(400, 'You cannot enter your own invitation code', '不能填写自己的邀请码'),
  INVITE_CODE_ALREADY_SET: def(409, 'You have already entered an invitation code', '您已填写过邀请码'),

  // Technical support
  TICKET_NOT_FOUND: def(404, 'This support ticket was not found', '未找到该工单'),
  ADMIN_TOKEN_INVALID: def(
    403,
    'Access denied: the admin token (x-admin-token header) is missing or wrong',
    '拒绝访问：管理令牌（x-admin-token 请求头）缺失或错误',
  ),
  ADMIN_TOKEN_LOCKED: def(
    429,
    'Too many wrong admin tokens from this address: try again in {seconds} s',
    '来自该地址的错误管理令牌过多，请 {seconds} 秒后再试',
  ),
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
