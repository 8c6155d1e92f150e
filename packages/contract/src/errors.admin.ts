import type { ErrorDef } from './errors.types.ts';

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
  OPERATOR_PROTECTED: def(
    403,
    'Only an owner can suspend the account of an operator',
    '只有所有者可以停用管理员的账号',
  ),
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
  ENGINE_SERVER_DRAINED: def(
    409,
    'This server is already drained: it takes no new work',
    '该服务器已在排空中，不再接收新任务',
  ),
  ENGINE_SERVER_NOT_DRAINED: def(
    409,
    'This server is not drained: it already takes work',
    '该服务器未被排空，已在接收任务',
  ),
  TICKET_CLOSED: def(409, 'This ticket is already closed', '该工单已关闭'),
  BANNER_NOT_FOUND: def(404, 'This banner was not found', '未找到该横幅'),
  PRESET_NOT_FOUND: def(404, 'This style or material was not found', '未找到该风格或材质'),
  BANNER_TITLE: def(400, 'Give the banner a title in English and in Chinese', '请填写横幅的英文标题和中文标题'),
  BANNER_LINK: def(
    400,
    'Link to a page of this app, such as /design, /community or /detail/<work id> (never another site)',
    '请填写本应用内的页面路径，例如 /design、/community 或 /detail/<作品编号>（不能是其他网站）',
  ),
  BANNER_SCHEDULE: def(400, 'The banner must start before it ends', '横幅的开始时间必须早于结束时间'),
  BANNER_ORDER: def(400, 'Name each banner once to put them in order', '排序时每个横幅只能出现一次'),
  BANNER_LIMIT: def(409, 'There are {max} banners already: delete one first', '横幅已达 {max} 个，请先删除一个'),
  BANNER_IMAGE_REQUIRED: def(400, 'Choose a picture for the banner', '请为横幅选择一张图片'),
  IMAGE_TOO_SMALL: def(
    400,
    'The picture is too small: use one of at least {width} × {height} pixels',
    '图片太小，请使用至少 {width} × {height} 像素的图片',
  ),
  PRESET_NOT_REPLACED: def(409, 'This picture is the original one already', '该图片已经是原始图片'),
  REPORTS_NOT_OPEN: def(
    409,
    'This work has no open reports any more: another moderator may have handled them',
    '该作品已没有待处理的举报，可能已由其他审核员处理',
  ),
  AUDIT_RANGE: def(400, 'The start of the period must come before its end', '开始时间必须早于结束时间'),
  ORDERS_RANGE: def(400, 'The first day of the period must come before its last', '开始日期必须早于结束日期'),
  BACKUP_RUNNING: def(
    409,
    'A backup is being made on this server already: try again once it has finished',
    '此服务器正在制作一份备份，请在其完成后再试',
  ),
  CATALOGUE_PLAN_CUBES: def(
    400,
    'A time plan grants days, not cubes: only a cube pack has a number of cubes',
    '时长套餐按时长计，不含魔方：只有魔方包可以设置魔方数量',
  ),
} as const satisfies Record<string, ErrorDef>;
