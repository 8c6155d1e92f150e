// The accounts' part of the error table (errors.ts): sign-up, sign-in, codes and bound accounts.
import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** Registering, logging in, verification codes, password resets and the accounts bound to a user. */
export const ACCOUNT_ERRORS = {
  PHONE_TAKEN: def(409, 'This phone number is already registered', '该手机号码已注册'),
  EMAIL_TAKEN: def(409, 'This e-mail address is already registered', '该邮箱地址已注册'),
  USERNAME_TAKEN: def(409, 'This username is already taken', '该用户名已被使用'),
  CODE_WRONG: def(400, 'The verification code is wrong', '验证码错误'),
  CODE_EXPIRED: def(
    400,
    'The verification code has expired or was not requested, please get a new one',
    '验证码已过期或未获取，请重新获取',
  ),
  CODE_TOO_MANY_TRIES: def(
    400,
    'Too many wrong codes, please get a new verification code',
    '验证码错误次数过多，请重新获取验证码',
  ),
  CODE_COOLDOWN: def(429, 'Please wait {seconds} s before requesting another code', '请 {seconds} 秒后再获取验证码'),
  DELIVERY_FAILED: def(503, 'The code could not be sent, please try again later', '验证码发送失败，请稍后重试'),
  SMS_LIMITED: def(
    429,
    'Too many codes have been sent to this number, please try again later',
    '该号码获取验证码次数过多，请稍后再试',
  ),
  SMS_NUMBER_REFUSED: def(
    400,
    'This number cannot receive text messages, please check it or use another number',
    '该号码无法接收短信，请检查号码是否正确或更换其他号码',
  ),
  LOGIN_FAILED: def(400, 'Login failed: the account or password is wrong', '登录失败：账号或密码错误'),
  LOGIN_VERIFICATION_REQUIRED: def(
    403,
    'This account has seen many failed logins: to log in from this device, also enter a verification code sent to its phone or e-mail',
    '该账号近期登录失败次数过多：在此设备上登录还需输入发送到账号手机或邮箱的验证码',
  ),
  RESET_FAILED: def(
    400,
    'Password reset failed, please check the code and try again',
    '重置密码失败，请检查验证码后重试',
  ),
  PHONE_ALREADY_BOUND: def(409, 'Your account already has a phone number', '您的账号已绑定手机号码'),
  EMAIL_ALREADY_BOUND: def(409, 'Your account already has an e-mail address', '您的账号已绑定邮箱地址'),
  OLD_PASSWORD_WRONG: def(400, 'The current password is wrong', '当前密码错误'),
  WECHAT_NOT_REGISTERED: def(
    400,
    'This WeChat account is not registered, please register or bind it first',
    '该微信未注册，请先注册或绑定',
  ),
  PHONE_ALREADY_BOUND_WECHAT: def(409, 'This phone number is already bound to WeChat', '该手机号码已绑定微信'),
  WECHAT_TAKEN: def(409, 'This WeChat account is already bound to another user', '该微信已绑定其他账号'),
  WECHAT_TICKET_INVALID: def(
    400,
    'This WeChat authorisation has expired or was started elsewhere, please bind WeChat again',
    '微信授权已失效或不是在此处发起的，请重新绑定微信',
  ),
  WECHAT_UNAVAILABLE: def(503, 'WeChat sign-in is not available on this server', '本服务器未开通微信登录'),
  WECHAT_FAILED: def(502, 'WeChat did not confirm the sign-in, please try again', '微信授权失败，请重试'),
  GOOGLE_UNAVAILABLE: def(503, 'Google sign-in is not available on this server', '本服务器未开通 Google 登录'),
  GOOGLE_FAILED: def(502, 'Google did not confirm the sign-in, please try again', 'Google 授权失败，请重试'),
} as const satisfies Record<string, ErrorDef>;
