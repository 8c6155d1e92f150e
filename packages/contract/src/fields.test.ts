import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBody, updateInfoBody } from './user.ts';
import { loginBody, registerBody, resetBody } from './auth.ts';
import { adminReplyBody, createTicketBody, replyTicketBody } from './support.ts';

const NUL = '\u0000';
const ticketId = '00000000-0000-4000-8000-000000000000';
const register = {
  email: 'a@example.com',
  code: '123456',
  username: 'ada',
  password: 'secret123',
  confirmPassword: 'secret123',
  occupation: 'architect',
  agree: true,
};

/** Every message a failed parse carries (each is an error code). */
const codes = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('a NUL character in a text field', () => {
  const cases: [string, z.ZodType, object][] = [
    ['nickname', updateInfoBody, { nickname: `Ada${NUL}` }],
    ['signature', updateInfoBody, { signature: `hi${NUL}there` }],
    ['username', registerBody, { ...register, username: `a${NUL}b` }],
    ['register password', registerBody, { ...register, password: `secret${NUL}1`, confirmPassword: `secret${NUL}1` }],
    ['login password', loginBody, { email: 'a@example.com', password: `x${NUL}` }],
    [
      'reset password',
      resetBody,
      { email: 'a@example.com', code: '123456', password: `secret${NUL}1`, confirmPassword: `secret${NUL}1` },
    ],
    ['new password', changePasswordBody, { password: `secret${NUL}1`, confirmPassword: `secret${NUL}1` }],
    ['current password', changePasswordBody, { oldPassword: NUL, password: 'secret123', confirmPassword: 'secret123' }],
    ['ticket subject', createTicketBody, { subject: `Help${NUL}`, message: 'text', contactEmail: 'a@example.com' }],
    ['ticket message', createTicketBody, { subject: 'Help', message: `te${NUL}xt`, contactEmail: 'a@example.com' }],
    ['reply', replyTicketBody, { ticketId, message: `${NUL}` }],
    ['staff reply', adminReplyBody, { ticketId, message: `ok${NUL}` }],
  ];
  it.each(cases)('is refused in the %s with its own error code', (_name, schema, value) => {
    expect(codes(schema, value)).toContain('TEXT_INVALID_CHAR');
  });

  it('leaves ordinary text alone', () => {
    expect(codes(updateInfoBody, { nickname: 'Ada 设计', signature: 'Light & timber' })).toEqual([]);
    expect(codes(registerBody, register)).toEqual([]);
  });
});
