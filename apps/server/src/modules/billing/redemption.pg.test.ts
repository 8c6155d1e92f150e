import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, users } from '../../db/schema/index.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { normaliseCode } from './redemption.code.ts';
import {
  bindInvite,
  expectBalanceMatchesLedger,
  invitationOf,
  mintCode,
  redeem,
} from '../../../test-support/redemption.fixtures.ts';

// PostgreSQL only: real concurrent connections racing on the same rows.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATABASE_POOL_SIZE: '20' });
});
afterAll(() => t.close());

const ledgerRowsOf = (key: string) => t.database.db.select().from(ledger).where(eq(ledger.idempotencyKey, key));

describe('redemption races', () => {
  it('50 users redeeming one code at once: exactly one success and one ledger row', async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => seedUser(t)));
    const code = await mintCode(t, { cubes: 25, planDays: 1 });
    const answers = await Promise.all(people.map((p) => redeem(t, p.cookie, code)));
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [people[i]!] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.code === 'REDEEM_CODE_USED')).toBe(true);
    const rows = await ledgerRowsOf(`redeem:${normaliseCode(code)}`);
    expect(rows).toMatchObject([{ userId: winners[0]!.user.id, cubes: 25, planSeconds: 86_400 }]);
    for (const p of people) expect(await expectBalanceMatchesLedger(t, p.user.id)).toBe(p === winners[0] ? 45 : 20);
  });

  it('one user racing 20 times on one code: one success, the rest refused, credited once', async () => {
    const user = await seedUser(t);
    const code = await mintCode(t, { cubes: 7 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(t, user.cookie, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The attempts beyond the per-user limit are refused before the code is read.
    for (const a of answers.filter((x) => x.status !== 200))
      expect(['REDEEM_CODE_REDEEMED_BY_YOU', 'RATE_LIMITED']).toContain(a.code);
    expect(await ledgerRowsOf(`redeem:${normaliseCode(code)}`)).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.user.id)).toBe(27);
  });

  it('30 wrong guesses at once: no more than ten get past the limit', async () => {
    const user = await seedUser(t);
    const answers = await Promise.all(Array.from({ length: 30 }, () => redeem(t, user.cookie, 'ZZZZ-ZZZZ-ZZZZ')));
    expect(answers.filter((a) => a.code === 'REDEEM_CODE_NOT_FOUND')).toHaveLength(10);
    expect(answers.filter((a) => a.code === 'RATE_LIMITED')).toHaveLength(20);
  });
});

describe('invitation races', () => {
  it('20 binds at once by one user with different codes: one inviter, one bonus each side', async () => {
    const inviters = await Promise.all(Array.from({ length: 20 }, () => seedUser(t)));
    const invitee = await seedUser(t);
    const answers = await Promise.all(inviters.map((i) => bindInvite(t, invitee.cookie, i.user.inviteCode)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.code === 'INVITE_CODE_ALREADY_SET')).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invitee.user.id));
    const winner = inviters.find((i) => i.user.id === row!.invitedBy)!;
    expect(winner).toBeDefined();
    const bonuses = await t.database.db
      .select()
      .from(ledger)
      .where(like(ledger.idempotencyKey, `invite:%:${invitee.user.id}`));
    expect(bonuses.map((b) => b.userId).sort()).toEqual([invitee.user.id, winner.user.id].sort());
    expect(await expectBalanceMatchesLedger(t, invitee.user.id)).toBe(30);
    for (const i of inviters) expect(await expectBalanceMatchesLedger(t, i.user.id)).toBe(i === winner ? 30 : 20);
  });

  it('20 binds at once with the same code, and 10 invitees of one inviter at once', async () => {
    const inviter = await seedUser(t);
    const invitee = await seedUser(t);
    const same = await Promise.all(
      Array.from({ length: 20 }, () => bindInvite(t, invitee.cookie, inviter.user.inviteCode)),
    );
    expect(same.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, invitee.user.id)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(30);

    const crowd = await Promise.all(Array.from({ length: 10 }, () => seedUser(t)));
    const all = await Promise.all(crowd.map((c) => bindInvite(t, c.cookie, inviter.user.inviteCode)));
    expect(all.every((a) => a.status === 200)).toBe(true);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(130);
    expect((await invitationOf(t, inviter.cookie)).data.invitedCount).toBe(11);
  });
});
