import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { LIMITS } from './limits.ts';

/**
 * Field rules shared by the server and the web forms. Each failure's message is an error code
 * from errors.ts, so both sides show the same localised text.
 */
/**
 * Characters no text field takes, each refused with TEXT_INVALID_CHAR instead of a server error:
 * U+0000 (PostgreSQL text cannot hold it), a lone UTF-16 surrogate (it has no UTF-8 form, and
 * PostgreSQL's JSON refuses it), and the explicit bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make text read other than it is stored. Right-to-left
 * scripts need none of them; the directional marks (U+200E, U+200F) stay allowed.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
export const isStorableText = (value: string) =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value) && !BIDI_CONTROL.test(value);
export const INVALID_CHAR = 'TEXT_INVALID_CHAR';

export const usernameField = z
  .string({ error: 'USERNAME_REQUIRED' })
  .trim()
  .min(1, 'USERNAME_REQUIRED')
  .max(LIMITS.usernameMax, 'USERNAME_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

export const nicknameField = z
  .string({ error: 'NICKNAME_REQUIRED' })
  .trim()
  .min(1, 'NICKNAME_REQUIRED')
  .max(LIMITS.nicknameMax, 'NICKNAME_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

export const signatureField = z
  .string()
  .trim()
  .max(LIMITS.signatureMax, 'SIGNATURE_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

export const passwordField = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .min(1, 'PASSWORD_REQUIRED')
  .min(LIMITS.passwordMin, 'PASSWORD_LENGTH')
  .max(LIMITS.passwordMax, 'PASSWORD_LENGTH')
  .refine(isStorableText, INVALID_CHAR);

export const codeField = z
  .string({ error: 'CODE_REQUIRED' })
  .trim()
  .min(LIMITS.codeMin, 'CODE_REQUIRED')
  .max(LIMITS.codeMax, 'CODE_FORMAT')
  .refine(isStorableText, INVALID_CHAR);

export const emailField = z
  .string({ error: 'EMAIL_INVALID' })
  .trim()
  .toLowerCase()
  .max(254, 'EMAIL_INVALID')
  .pipe(z.email('EMAIL_INVALID'));

/** An international number (+country code), normalised to E.164. */
export const phoneField = z
  .string({ error: 'PHONE_INVALID' })
  .trim()
  .max(LIMITS.phoneInputHardMax, 'PHONE_INVALID')
  .refine((v) => isValidPhoneNumber(v), 'PHONE_INVALID')
  .transform((v) => parsePhoneNumberFromString(v)!.number as string);

/** Exactly one of phone or e-mail identifies the account. */
export function requireOneIdentity(value: { phone?: string; email?: string }, ctx: z.RefinementCtx) {
  const count = Number(Boolean(value.phone)) + Number(Boolean(value.email));
  if (count !== 1) ctx.addIssue({ code: 'custom', message: 'PHONE_OR_EMAIL_REQUIRED', path: ['phone'] });
}

export function requireMatchingPasswords(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'PASSWORD_MISMATCH', path: ['confirmPassword'] });
  }
}

/** The repeated password of a form: checked against the first, bounded like it. */
export const confirmPasswordField = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .max(LIMITS.passwordMax, 'PASSWORD_MISMATCH')
  .refine(isStorableText, INVALID_CHAR);

/** Free text of at most `max` characters (trimmed); past it the spec's "text too long". */
export const textField = (max: number, requiredCode?: string) =>
  z
    .string(requiredCode ? { error: requiredCode } : undefined)
    .trim()
    .max(max, 'TEXT_TOO_LONG')
    .refine(isStorableText, INVALID_CHAR);
