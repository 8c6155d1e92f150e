import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** Projects, their views, versions, members, comments and review links; the studio's drafts. */
export const PROJECT_ERRORS = {
  // Also for a project the caller may not open: the answer does not tell that it exists.
  PROJECT_NOT_FOUND: def(404, 'This project was not found', '未找到该项目'),
  PROJECT_FORBIDDEN: def(
    403,
    'Your role in this project ({role}) does not allow this',
    '您在该项目中的角色（{role}）无权执行此操作',
  ),
  PROJECT_NAME_REQUIRED: def(400, 'Please name the project', '请填写项目名称'),
  PROJECT_LIMIT: def(
    400,
    'You can have at most {max} projects; delete one first',
    '最多可创建 {max} 个项目，请先删除一个',
  ),
  VIEW_NOT_FOUND: def(404, 'This view was not found', '未找到该视图'),
  VIEW_NAME_REQUIRED: def(400, 'Please name the view', '请填写视图名称'),
  VIEW_LIMIT: def(400, 'A project can have at most {max} views', '一个项目最多可有 {max} 个视图'),
  VERSION_NOT_FOUND: def(404, 'This version is not in the view', '该版本不在此视图中'),
  VERSION_LIMIT: def(400, 'A view can hold at most {max} images', '一个视图最多可有 {max} 张图片'),
  MEMBER_USER_NOT_FOUND: def(404, 'No user has that e-mail address or username', '没有使用该邮箱或用户名的用户'),
  MEMBER_NOT_FOUND: def(404, 'This person is not a member of the project', '此人不是该项目的成员'),
  MEMBER_IS_OWNER: def(400, 'The owner is always part of the project', '项目所有者始终属于该项目'),
  MEMBER_LIMIT: def(400, 'A project can have at most {max} members', '一个项目最多可有 {max} 名成员'),
  COMMENT_NOT_FOUND: def(404, 'This comment was not found', '未找到该评论'),
  COMMENT_REQUIRED: def(400, 'Please write a comment', '请填写评论内容'),
  COMMENT_LIMIT: def(400, 'This project has reached its {max} comments', '该项目的评论已达上限 {max} 条'),
  GUEST_NAME_REQUIRED: def(400, 'Please give your name', '请填写您的名字'),
  // One answer for an unknown, revoked or expired link: a guesser learns nothing.
  REVIEW_LINK_INVALID: def(
    404,
    'This review link does not work: it may have expired or been revoked',
    '该评审链接无效：可能已过期或已被撤销',
  ),
  REVIEW_PASSWORD_REQUIRED: def(401, 'This review link needs a password', '该评审链接需要密码'),
  REVIEW_PASSWORD_WRONG: def(401, 'The password is not right', '密码不正确'),
  REVIEW_PASSWORD_SHORT: def(
    400,
    'A review link’s password has 4 to 64 characters',
    '评审链接的密码须为 4 到 64 个字符',
  ),
  REVIEW_LINK_LIMIT: def(
    400,
    'A project can have at most {max} review links; revoke one first',
    '一个项目最多可有 {max} 个评审链接，请先撤销一个',
  ),
  DRAFT_TOO_LARGE: def(413, 'This draft is too large to keep', '草稿过大，无法保存'),
} as const;
