import type { ErrorDef } from './errors.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** The operator console: who may call what, the second factor, and the operators themselves. */
export const ADMIN_ERRORS = {
  ADMIN_FORBIDDEN: def(
    403,
    'Your account cannot do this: ask an owner of the service for the role it needs',
    '您的账号无权执行此操作，请向服务所有者申请相应角色',
  ),
  ADMIN_ENROL_REQUIRED: def(
    403,
    'Set up two-step verification (an authenticator app) before using the console',
    '使用管理后台前，请先设置两步验证（身份验证器应用）',
  ),
  ADMIN_SECOND_FACTOR: def(
    403,
    'Enter the code from your authenticator app to continue',
    '请输入身份验证器应用中的验证码以继续',
  ),
  TOTP_INVALID: def(
    400,
    'This code is wrong or was already used: enter the current 6-digit code, or a recovery code',
    '验证码错误或已使用过：请输入当前的 6 位验证码或一个恢复码',
  ),
  TOTP_LOCKED: def(429, 'Too many wrong codes: try again in {seconds} s', '错误验证码次数过多，请 {seconds} 秒后再试'),
  TOTP_NOT_STARTED: def(
    409,
    'Start setting up two-step verification again: this set-up has ended',
    '此次设置已结束，请重新开始设置两步验证',
  ),
  OPERATOR_NOT_FOUND: def(404, 'This account is not an operator', '该账号不是管理员'),
  OPERATOR_LAST_OWNER: def(
    409,
    'The service must keep at least one owner: make another operator an owner first',
    '服务必须至少保留一位所有者，请先将另一位管理员设为所有者',
  ),
  OPERATOR_SUSPENDED: def(
    409,
    'A suspended account cannot be an operator: lift the suspension first',
    '已停用的账号不能成为管理员，请先解除停用',
  ),
  ENGINE_SERVER_NOT_FOUND: def(404, 'No engine server has this address', '没有该地址的生成服务器'),
  BANNER_NOT_FOUND: def(404, 'This banner was not found', '未找到该横幅'),
  PRESET_NOT_FOUND: def(404, 'This style or material was not found', '未找到该风格或材质'),
  AUDIT_RANGE: def(400, 'The start of the period must come before its end', '开始时间必须早于结束时间'),
} as const satisfies Record<string, ErrorDef>;
