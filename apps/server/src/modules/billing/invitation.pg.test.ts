import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { bindInvite, expectBalanceMatchesLedger, invitationOf } from '../../../test-support/redemption.fixtures.ts';

// PostgreSQL only: real concurrent connections binding invitations between the same accounts.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATABASE_POOL_SIZE: '20', INVITE_BONUS_MAX: '3' });
});
afterAll(() => t.close());

describe('invitation races', () => {
  it('Q and P entering each other’s codes at once: both linked, one bonus between them', async () => {
    for (let round = 0; round < 8; round += 1) {
      const [p, q] = await Promise.all([seedUser(t), seedUser(t)]);
      const [a, b] = await Promise.all([
        bindInvite(t, q.cookie, p.user.inviteCode),
        bindInvite(t, p.cookie, q.user.inviteCode),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.data.bonusPaid, b.data.bonusPaid].filter(Boolean)).toHaveLength(1);
      expect(await expectBalanceMatchesLedger(t, p.user.id)).toBe(30);
      expect(await expectBalanceMatchesLedger(t, q.user.id)).toBe(30);
    }
  });

  it('ten invitees entering one inviter’s code at once: exactly INVITE_BONUS_MAX (3) are paid, all are linked', async () => {
    const inviter = await seedUser(t);
    const invitees = await Promise.all(Array.from({ length: 10 }, () => seedUser(t)));
    const answers = await Promise.all(invitees.map((i) => bindInvite(t, i.cookie, inviter.user.inviteCode)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.data.bonusPaid)).toHaveLength(3);
    expect((await invitationOf(t, inviter.cookie)).data.invitedCount).toBe(10);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(50);
    for (const [i, invitee] of invitees.entries()) {
      expect(await expectBalanceMatchesLedger(t, invitee.user.id)).toBe(answers[i]!.data.bonusPaid ? 30 : 20);
    }
  });

  it('a ring of invitations at once (A→B, B→C, C→A) neither deadlocks nor pays a pair twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b, c] = await Promise.all([seedUser(t), seedUser(t), seedUser(t)]);
      const answers = await Promise.all([
        bindInvite(t, a.cookie, b.user.inviteCode),
        bindInvite(t, b.cookie, c.user.inviteCode),
        bindInvite(t, c.cookie, a.user.inviteCode),
      ]);
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
      expect(answers.every((x) => x.data.bonusPaid)).toBe(true);
      for (const u of [a, b, c]) expect(await expectBalanceMatchesLedger(t, u.user.id)).toBe(40);
    }
  });
});
