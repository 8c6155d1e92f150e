import { expect } from 'vitest';
import { ERRORS, type ErrorCode } from '@turing/contract';
import { redemptionCodes } from '../src/db/schema/index.ts';
import { appHeaders, type TestApp } from './test-app.ts';
import { displayCode, newRedemptionCode } from '../src/modules/billing/redemption.code.ts';

/** POST /turing/user/exchange?code=… as the signed-in user; the envelope. */
export const redeem = async (t: TestApp, cookie: string, code: string, locale: 'en' | 'zh' = 'en') =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/turing/user/exchange?code=${encodeURIComponent(code)}`,
      headers: { ...appHeaders(locale), cookie },
    })
  ).json();

export const invitationOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/turing/user/invitation', headers: { ...appHeaders(), cookie } })).json();

export const bindInvite = async (t: TestApp, cookie: string, code: string, locale: 'en' | 'zh' = 'en') =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/turing/user/invitation/bind',
      headers: { ...appHeaders(locale), cookie },
      payload: { code },
    })
  ).json();

/** Mints through the service: one code worth what is asked. */
export async function mintCode(t: TestApp, value: { cubes?: number; planDays?: number; batch?: string } = {}) {
  const out = await t.app.services!.redemption.mint({
    count: 1,
    cubes: value.cubes ?? 0,
    planDays: value.planDays ?? 0,
    batch: value.batch,
  });
  return out.codes[0]!;
}

/** A code that expired an hour ago (the API refuses to mint one). */
export async function expiredCode(t: TestApp, cubes = 5) {
  const code = newRedemptionCode();
  await t.database.db
    .insert(redemptionCodes)
    .values({ code, batch: 'expired', cubes, expiresAt: new Date(Date.now() - 3_600_000) });
  return displayCode(code);
}

/** The answer is the error in the asked language. */
export function expectError(answer: { code?: string; msg?: string }, code: ErrorCode, locale: 'en' | 'zh' = 'en') {
  expect(answer.code).toBe(code);
  expect(answer.msg).toBe(ERRORS[code][locale]);
}

/** The account's cubes equal the sum of its ledger rows. */
export async function expectBalanceMatchesLedger(t: TestApp, userId: string) {
  const { cubes } = await t.app.services!.ledger.balance(userId);
  expect(cubes).toBe(await t.app.services!.ledger.sumOf(userId));
  return cubes;
}
