import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema/index.ts';
import { scoped } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { createVerificationCodeRepository } from './verification-code.repository.ts';
import { createVerificationCodeService } from './verification-code.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const codesOn = (app: TestApp) =>
  createVerificationCodeService({ codes: scoped(app.database.db, createVerificationCodeRepository) });

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

describe('verification code tries', () => {
  // Races show on PostgreSQL (the suite's second run); PGlite runs one statement at a time.
  it('compares at most five guesses, however many arrive at once', async () => {
    const codes = codesOn(t);
    const target = 'burst@example.com';
    const { code, id } = await codes.issue({ channel: 'email', target, purpose: 'register' });
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = [...Array.from({ length: 40 }, () => wrong), code];
    const results = await Promise.all(
      guesses.map((g) => outcome(codes.check({ target, purpose: 'register', code: g }))),
    );

    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
    expect(row!.attempts).toBe(5);
    // Only the five counted tries were compared: four "wrong", then "too many" or the right one.
    const compared = results.filter((r) => r === 'OK' || r === 'CODE_WRONG');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r === 'CODE_WRONG').length).toBeLessThanOrEqual(4);
    if (results.at(-1) !== 'OK') expect(results.at(-1)).toBe('CODE_TOO_MANY_TRIES');
    // Once the tries are spent, the right code is refused too.
    expect(await outcome(codes.check({ target, purpose: 'register', code }))).toBe('CODE_TOO_MANY_TRIES');
  });

  it('counts the right code as a try too, so a sixth guess never gets compared', async () => {
    const codes = codesOn(t);
    const target = 'steady@example.com';
    const { code } = await codes.issue({ channel: 'email', target, purpose: 'reset' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1)
      expect(await outcome(codes.check({ target, purpose: 'reset', code: wrong }))).toBe('CODE_WRONG');
    expect(await outcome(codes.check({ target, purpose: 'reset', code }))).toBe('OK');
    expect(await outcome(codes.check({ target, purpose: 'reset', code }))).toBe('CODE_TOO_MANY_TRIES');
  });
});
