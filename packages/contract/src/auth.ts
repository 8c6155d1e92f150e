import { z } from 'zod';
import { authEndpoints } from './auth.endpoints.ts';
import {
  codeField,
  confirmPasswordField,
  emailField,
  isStorableText,
  INVALID_CHAR,
  passwordField,
  phoneField,
  requireMatchingPasswords,
  requireOneIdentity,
  usernameField,
} from './fields.ts';
import { LIMITS } from './limits.ts';
import { route } from './route.ts';
import { occupation, userProfile } from './user.ts';

/** "login": the second step of a login from an unknown device while the account is under attack. */
export const CODE_PURPOSES = ['register', 'reset', 'bind', 'login'] as const;
export const CODE_CHANNELS = ['phone', 'email'] as const;

export const verCodeBody = z
  .object({
    channel: z.enum(CODE_CHANNELS, { error: 'PHONE_OR_EMAIL_REQUIRED' }),
    phone: phoneField.optional(),
    email: emailField.optional(),
    purpose: z.enum(CODE_PURPOSES),
  })
  .superRefine((v, ctx) => {
    if (v.channel === 'phone' && !v.phone) ctx.addIssue({ code: 'custom', message: 'PHONE_INVALID', path: ['phone'] });
    if (v.channel === 'email' && !v.email) ctx.addIssue({ code: 'custom', message: 'EMAIL_INVALID', path: ['email'] });
  });
export type VerCodeBody = z.input<typeof verCodeBody>;

export const registerBody = z
  .object({
    phone: phoneField.optional(),
    email: emailField.optional(),
    code: codeField,
    username: usernameField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
    occupation,
    agree: z.literal(true, { error: 'AGREEMENT_REQUIRED' }),
    /** Another user's invitation code (from a share link); both receive the invitation bonus. */
    inviteCode: z
      .string()
      .trim()
      .max(LIMITS.inviteCodeMax, 'INVITE_CODE_NOT_FOUND')
      .refine(isStorableText, INVALID_CHAR)
      .optional(),
  })
  .superRefine(requireOneIdentity)
  .superRefine(requireMatchingPasswords);
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z
  .object({
    phone: phoneField.optional(),
    email: emailField.optional(),
    // Any stored password is at most 32 characters; longer input simply fails to match.
    password: z
      .string({ error: 'PASSWORD_REQUIRED' })
      .min(1, 'PASSWORD_REQUIRED')
      .max(200, 'LOGIN_FAILED')
      .refine(isStorableText, INVALID_CHAR),
    remember: z.boolean().optional(),
    /** A code sent with purpose "login", once the answer was LOGIN_VERIFICATION_REQUIRED. */
    code: codeField.optional(),
  })
  .superRefine(requireOneIdentity);
export type LoginBody = z.input<typeof loginBody>;

export const resetBody = z
  .object({
    phone: phoneField.optional(),
    email: emailField.optional(),
    code: codeField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(requireOneIdentity)
  .superRefine(requireMatchingPasswords);
export type ResetBody = z.input<typeof resetBody>;

export const providerInfo = z.object({
  enabled: z.boolean(),
  /** Where the browser goes to start the sign-in; null when unavailable. */
  startUrl: z.string().nullable(),
});

export const authRoutes = {
  verCode: route({
    ...authEndpoints.verCode,
    body: verCodeBody,
    response: z.object({ cooldownSeconds: z.number().int(), ttlMinutes: z.number().int() }),
    summary: `Sends a ${LIMITS.codeMax}-digit verification code by SMS or e-mail`,
  }),
  register: route({
    ...authEndpoints.register,
    body: registerBody,
    response: userProfile,
    summary: 'Creates an account with a verified phone or e-mail and starts a session',
  }),
  login: route({
    ...authEndpoints.login,
    body: loginBody,
    response: userProfile,
    summary:
      'Phone or e-mail and password; starts a session. While the account sees many failed logins, a device it has ' +
      'not logged in from also needs a code sent with purpose "login" (LOGIN_VERIFICATION_REQUIRED until it has one)',
  }),
  reset: route({
    ...authEndpoints.reset,
    body: resetBody,
    response: z.null(),
    summary: 'Sets a new password with a verification code and ends every session of that user',
  }),
  googleInfo: route({
    ...authEndpoints.googleInfo,
    response: providerInfo,
    summary: 'Whether Google sign-in is configured and where to start it',
  }),
  wechatInfo: route({
    ...authEndpoints.wechatInfo,
    response: providerInfo,
    summary: 'Whether WeChat sign-in is configured and where to start it',
  }),
};
