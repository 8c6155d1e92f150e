import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, redemptionCodes } from '../../db/schema/index.ts';
import { buildTestApp, registerUser, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { balanceOf } from '../../../test-support/design-helpers.ts';
import { normaliseCode } from './redemption.code.ts';
import {
  expectBalanceMatchesLedger,
  expectError,
  expiredCode,
  mintCode,
  redeem,
} from '../../../test-support/redemption.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('redeeming a code', () => {
  it('grants its cubes once, in either language, whatever the case, spaces and dashes', async () => {
    const user = await registerUser(t);
    const code = await mintCode(t, { cubes: 30 });
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const answer = await redeem(t, user.cookie, typed, 'zh');
    expect(answer).toMatchObject({ status: 200, data: { cubes: 30, planDays: 0 } });
    expect((await balanceOf(t, user.cookie)).cubes).toBe(50);
    const rows = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.idempotencyKey, `redeem:${normaliseCode(code)}`));
    expect(rows).toMatchObject([{ userId: user.profile.id, kind: 'redemption', cubes: 30, note: code }]);
    await expectBalanceMatchesLedger(t, user.profile.id);
  });

  it('answers "already redeemed by you", "used", "expired" and "does not exist", each in English and Chinese', async () => {
    const me = await seedUser(t);
    const other = await seedUser(t);
    const code = await mintCode(t, { cubes: 5 });
    expect((await redeem(t, me.cookie, code)).status).toBe(200);
    const expired = await expiredCode(t);
    for (const locale of ['en', 'zh'] as const) {
      expectError(await redeem(t, me.cookie, code, locale), 'REDEEM_CODE_REDEEMED_BY_YOU', locale);
      expectError(await redeem(t, other.cookie, code, locale), 'REDEEM_CODE_USED', locale);
      expectError(await redeem(t, other.cookie, expired, locale), 'REDEEM_CODE_EXPIRED', locale);
      expectError(await redeem(t, other.cookie, 'AAAA-BBBB-CCCC', locale), 'REDEEM_CODE_NOT_FOUND', locale);
      expectError(await redeem(t, other.cookie, 'not a code at all', locale), 'REDEEM_CODE_NOT_FOUND', locale);
    }
    expectError(await redeem(t, other.cookie, '   '), 'REDEEM_CODE_NOT_FOUND');
    expect(await expectBalanceMatchesLedger(t, me.user.id)).toBe(25);
    expect(await expectBalanceMatchesLedger(t, other.user.id)).toBe(20);
    const [row] = await t.database.db
      .select()
      .from(redemptionCodes)
      .where(eq(redemptionCodes.code, normaliseCode(expired)!));
    expect(row!.usedBy).toBeNull();
  });

  it('treats a revoked code as one that does not exist, and leaves it unused', async () => {
    const user = await seedUser(t);
    const code = await mintCode(t, { cubes: 8 });
    expect(await t.app.services!.redemption.revoke({ code })).toEqual({ matched: 1, revoked: 1 });
    expectError(await redeem(t, user.cookie, code), 'REDEEM_CODE_NOT_FOUND');
    expect(await expectBalanceMatchesLedger(t, user.user.id)).toBe(20);
  });

  it('adds plan days after a running plan: plans stack', async () => {
    const user = await seedUser(t);
    const week = await mintCode(t, { planDays: 7 });
    const before = Date.now();
    expect(await redeem(t, user.cookie, week)).toMatchObject({ status: 200, data: { cubes: 0, planDays: 7 } });
    const first = Date.parse((await balanceOf(t, user.cookie)).planUntil!);
    expect(first).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(first).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);

    const both = await mintCode(t, { cubes: 3, planDays: 2 });
    expect((await redeem(t, user.cookie, both)).data).toEqual({ cubes: 3, planDays: 2 });
    const balance = await balanceOf(t, user.cookie);
    expect(Date.parse(balance.planUntil!) - first).toBeGreaterThanOrEqual(2 * DAY - 1000);
    expect(Date.parse(balance.planUntil!) - first).toBeLessThanOrEqual(2 * DAY + 1000);
    expect(balance.cubes).toBe(23);
    const rows = await t.database.db.select().from(ledger).where(eq(ledger.userId, user.user.id));
    expect(
      rows
        .filter((r) => r.kind === 'redemption')
        .map((r) => r.planSeconds)
        .sort(),
    ).toEqual([172_800, 604_800]);
    await expectBalanceMatchesLedger(t, user.user.id);
  });

  it('refuses the eleventh attempt in a row with the seconds to wait; a success starts the count again', async () => {
    const user = await seedUser(t);
    const good = await mintCode(t, { cubes: 1 });
    for (let i = 0; i < 9; i += 1) expectError(await redeem(t, user.cookie, 'ZZZZ-ZZZZ-ZZZZ'), 'REDEEM_CODE_NOT_FOUND');
    expect((await redeem(t, user.cookie, good)).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expectError(await redeem(t, user.cookie, good), 'REDEEM_CODE_REDEEMED_BY_YOU');
    const refused = await redeem(t, user.cookie, await mintCode(t, { cubes: 50 }), 'zh');
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.msg).toMatch(/请 \d+ 秒后再试/);
    expect(await expectBalanceMatchesLedger(t, user.user.id)).toBe(21);
    // Another user is not affected.
    const other = await seedUser(t);
    expect((await redeem(t, other.cookie, await mintCode(t, { cubes: 2 }))).status).toBe(200);
  });

  it('needs a session and the app header', async () => {
    const code = await mintCode(t, { cubes: 4 });
    const anonymous = await t.app.inject({ method: 'POST', url: `/turing/user/exchange?code=${code}`, headers: {} });
    expect(anonymous.json().status).not.toBe(200);
    const [row] = await t.database.db
      .select()
      .from(redemptionCodes)
      .where(eq(redemptionCodes.code, normaliseCode(code)!));
    expect(row!.usedAt).toBeNull();
  });
});
