import { z } from 'zod';
import { OPERATOR_ROLES } from './admin.roles.ts';
import {
  codeField,
  confirmPasswordField,
  emailField,
  isStorableText,
  nicknameField,
  INVALID_CHAR,
  passwordField,
  phoneField,
  requireMatchingPasswords,
  requireOneIdentity,
  signatureField,
} from './fields.ts';
import { route } from './route.ts';
import { userEndpoints } from './user.endpoints.ts';

export const OCCUPATIONS = [
  'architect',
  'interior_designer',
  'design_student',
  'home_decoration',
  'design_enthusiast',
  'supplier',
  'project_owner',
  'others',
] as const;
export const occupation = z.enum(OCCUPATIONS, { error: 'OCCUPATION_REQUIRED' });
export type Occupation = z.infer<typeof occupation>;

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const gender = z.enum(GENDERS);

export const userProfile = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  gender,
  isVip: z.boolean(),
  signature: z.string(),
  occupation,
  /** Masked for display, e.g. +86 138****5678; null when not bound. */
  phone: z.string().nullable(),
  /** Masked for display, e.g. a***@example.com; null when not bound. */
  email: z.string().nullable(),
  wechatBound: z.boolean(),
  inviteCode: z.string(),
  hasPassword: z.boolean(),
  /** The account's role in the operator console; null for everyone else. */
  operator: z.enum(OPERATOR_ROLES).nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const updateInfoBody = z
  .object({
    nickname: nicknameField.optional(),
    signature: signatureField.optional(),
    gender: gender.optional(),
    occupation: occupation.optional(),
    /** An avatar image uploaded through /upload/image?kind=avatar. */
    avatarUploadId: z.uuid('UPLOAD_NOT_FOUND').optional(),
  })
  .strict();
export type UpdateInfoBody = z.input<typeof updateInfoBody>;

export const changePasswordBody = z
  .object({
    /** Required when the account already has a password (accounts made by Google sign-in may not). */
    oldPassword: z.string().max(200).refine(isStorableText, INVALID_CHAR).optional(),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(requireMatchingPasswords);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const guideKey = z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'VALIDATION');
export const guideProgress = z.object({ progress: z.record(z.string(), z.boolean()) });
export const guideSetQuery = z.object({
  key: guideKey,
  done: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/**
 * A one-time ticket from the server's WeChat callback, valid for two minutes and only in the session
 * that started the binding. A raw WeChat authorisation code is never accepted here.
 */
export const bindWechatQuery = z.object({
  ticket: z.string({ error: 'WECHAT_TICKET_INVALID' }).regex(/^[\w-]{20,100}$/, 'WECHAT_TICKET_INVALID'),
});

/** Adds a phone number or an e-mail address to the account, proven by a code sent with purpose "bind". */
export const bindContactBody = z
  .object({ phone: phoneField.optional(), email: emailField.optional(), code: codeField })
  .superRefine(requireOneIdentity);
export type BindContactBody = z.input<typeof bindContactBody>;

export const userRoutes = {
  info: route({
    ...userEndpoints.info,
    response: userProfile,
    summary: 'The profile of the logged-in user',
  }),
  logout: route({
    ...userEndpoints.logout,
    response: z.null(),
    summary: 'Ends the current session',
  }),
  updateInfo: route({
    ...userEndpoints.updateInfo,
    body: updateInfoBody,
    response: userProfile,
    summary: 'Changes nickname, signature, gender, occupation or avatar',
  }),
  changePassword: route({
    ...userEndpoints.changePassword,
    body: changePasswordBody,
    response: z.null(),
    summary: 'Sets a new password; other sessions end',
  }),
  bindWechat: route({
    ...userEndpoints.bindWechat,
    query: bindWechatQuery,
    response: userProfile,
    summary: 'Binds the WeChat account behind a one-time ticket from the WeChat callback',
  }),
  guideGet: route({
    ...userEndpoints.guideGet,
    response: guideProgress,
    summary: 'Beginner-guide progress of the user',
  }),
  guideSet: route({
    ...userEndpoints.guideSet,
    query: guideSetQuery,
    response: guideProgress,
    summary: 'Marks one beginner-guide step done or not done',
  }),
  bindContact: route({
    ...userEndpoints.bindContact,
    body: bindContactBody,
    response: userProfile,
    summary: 'Adds a verified phone number or e-mail address to the account',
  }),
};
