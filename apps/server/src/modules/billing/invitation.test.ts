import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, users } from '../../db/schema/index.ts';
import {
  appHeaders,
  buildTestApp,
  cookieFrom,
  lastCode,
  readOutbox,
  registerUser,
  seedUser,
  type TestApp,
} from '../../../test-support/test-app.ts';
import {
  bindInvite,
  expectBalanceMatchesLedger,
  expectError,
  invitationOf,
} from '../../../test-support/redemption.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://design.example.com/' });
});
afterAll(() => t.close());

let n = 0;
/** Registration through the API with an invitation code; the raw answer. */
async function registerWith(inviteCode: string, email = `invited${Date.now().toString(36)}${(n += 1)}@example.com`) {
  await t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: appHeaders(),
    payload: { channel: 'email', email, purpose: 'register' },
  });
  const to = readOutbox(t).at(-1)!.to;
  const submit = (code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/reg',
      headers: appHeaders(),
      payload: {
        email,
        code: lastCode(t, to),
        username: `inv${Date.now().toString(36)}${n}`,
        password: 'secret123',
        confirmPassword: 'secret123',
        occupation: 'architect',
        agree: true,
        ...(code === undefined ? {} : { inviteCode: code }),
      },
    });
  return { res: await submit(inviteCode), submit, email };
}

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

describe('invitations', () => {
  it("show the user's code, a registration link built from PUBLIC_URL and nobody yet", async () => {
    const user = await registerUser(t);
    const answer = await invitationOf(t, user.cookie);
    const code = user.profile.inviteCode as string;
    expect(answer.data).toEqual({
      code,
      link: `https://design.example.com/#/login?tab=register&invite=${code}`,
      invitedBy: null,
      invitedCount: 0,
      bonusCubes: 10,
    });
  });

  it('bind once: both sides receive the bonus through the ledger, the inviter counts one more', async () => {
    const inviter = await seedUser(t, { nickname: 'Ada' });
    const invitee = await seedUser(t);
    const typed = ` ${inviter.user.inviteCode.toLowerCase().slice(0, 4)}-${inviter.user.inviteCode.toLowerCase().slice(4)} `;
    const answer = await bindInvite(t, invitee.cookie, typed);
    expect(answer.data).toMatchObject({ invitedBy: 'Ada', invitedCount: 0, bonusCubes: 10, bonusPaid: true });
    expect((await invitationOf(t, inviter.cookie)).data).toMatchObject({ invitedBy: null, invitedCount: 1 });
    expect(await expectBalanceMatchesLedger(t, invitee.user.id)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(30);
    const rows = await t.database.db.select().from(ledger).where(eq(ledger.kind, 'invitation'));
    expect(
      rows
        .filter((r) => r.idempotencyKey.endsWith(invitee.user.id))
        .map((r) => r.userId)
        .sort(),
    ).toEqual([invitee.user.id, inviter.user.id].sort());

    // No second code, not even the same one again; nothing changes.
    const another = await seedUser(t);
    for (const locale of ['en', 'zh'] as const) {
      expectError(
        await bindInvite(t, invitee.cookie, another.user.inviteCode, locale),
        'INVITE_CODE_ALREADY_SET',
        locale,
      );
      expectError(
        await bindInvite(t, invitee.cookie, inviter.user.inviteCode, locale),
        'INVITE_CODE_ALREADY_SET',
        locale,
      );
    }
    expect(await expectBalanceMatchesLedger(t, invitee.user.id)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, another.user.id)).toBe(20);
  });

  it('refuse your own code, unknown codes and the code of a suspended account, in both languages', async () => {
    const me = await seedUser(t);
    const suspended = await seedUser(t, { suspendedAt: new Date() });
    for (const locale of ['en', 'zh'] as const) {
      expectError(await bindInvite(t, me.cookie, me.user.inviteCode, locale), 'INVITE_CODE_SELF', locale);
      expectError(await bindInvite(t, me.cookie, 'NOSUCHCODE', locale), 'INVITE_CODE_NOT_FOUND', locale);
      expectError(await bindInvite(t, me.cookie, suspended.user.inviteCode, locale), 'INVITE_CODE_NOT_FOUND', locale);
      expectError(await bindInvite(t, me.cookie, ' - ', locale), 'INVITE_CODE_NOT_FOUND', locale);
    }
    expect((await invitationOf(t, me.cookie)).data.invitedBy).toBeNull();
    expect(await expectBalanceMatchesLedger(t, me.user.id)).toBe(20);
    // After all that, a real code still works.
    const friend = await seedUser(t);
    expect((await bindInvite(t, me.cookie, friend.user.inviteCode)).status).toBe(200);
  });

  it('at registration: the code is bound in the same step and both receive the bonus', async () => {
    const inviter = await seedUser(t, { nickname: 'Grace' });
    const { res, email } = await registerWith(inviter.user.inviteCode.toLowerCase());
    expect(res.json().status).toBe(200);
    const cookie = cookieFrom(res);
    expect((await invitationOf(t, cookie)).data).toMatchObject({ invitedBy: 'Grace', invitedCount: 0 });
    expect(await expectBalanceMatchesLedger(t, (await userIdOf(email))!)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, inviter.user.id)).toBe(30);
    expectError(await bindInvite(t, cookie, (await seedUser(t)).user.inviteCode), 'INVITE_CODE_ALREADY_SET');
  });

  it('at registration: an unknown code refuses before the account is made; corrected, the same e-mail code works', async () => {
    const { res, submit, email } = await registerWith('WRONG123');
    expectError(res.json(), 'INVITE_CODE_NOT_FOUND');
    expect(await userIdOf(email)).toBeUndefined();
    const again = await submit('');
    expect(again.json().status).toBe(200);
    expect((await invitationOf(t, cookieFrom(again))).data.invitedBy).toBeNull();
    expect(await expectBalanceMatchesLedger(t, (await userIdOf(email))!)).toBe(20);
  });
});

describe('a pair of accounts', () => {
  it('earns one bonus: Q enters P’s code, then P enters Q’s; the second links them without a bonus', async () => {
    const p = await seedUser(t);
    const q = await seedUser(t, { nickname: 'Quinn' });
    expect((await bindInvite(t, q.cookie, p.user.inviteCode)).data.bonusPaid).toBe(true);
    const back = await bindInvite(t, p.cookie, q.user.inviteCode);
    expect(back.status).toBe(200);
    expect(back.data).toMatchObject({ invitedBy: 'Quinn', bonusPaid: false });
    expect(await expectBalanceMatchesLedger(t, p.user.id)).toBe(30);
    expect(await expectBalanceMatchesLedger(t, q.user.id)).toBe(30);
    expect((await invitationOf(t, q.cookie)).data.invitedCount).toBe(1);
  });
});

describe('an inviter past INVITE_BONUS_MAX', () => {
  it('still links the accounts, by code or at registration, but pays no bonus', async () => {
    const capped = await buildTestApp({ INVITE_BONUS_MAX: '2' });
    try {
      const inviter = await seedUser(capped);
      const paid: boolean[] = [];
      for (let i = 0; i < 3; i += 1) {
        const invitee = await seedUser(capped);
        const answer = await bindInvite(capped, invitee.cookie, inviter.user.inviteCode);
        expect(answer.status).toBe(200);
        paid.push(answer.data.bonusPaid as boolean);
        expect(await expectBalanceMatchesLedger(capped, invitee.user.id)).toBe(answer.data.bonusPaid ? 30 : 20);
      }
      expect(paid).toEqual([true, true, false]);
      expect((await invitationOf(capped, inviter.cookie)).data.invitedCount).toBe(3);
      expect(await expectBalanceMatchesLedger(capped, inviter.user.id)).toBe(40);
    } finally {
      await capped.close();
    }
  });
});

describe('invitations without a bonus', () => {
  it('still bind, and write no ledger rows', async () => {
    const quiet = await buildTestApp({ INVITE_BONUS_CUBES: '0' });
    try {
      const inviter = await seedUser(quiet);
      const invitee = await seedUser(quiet);
      expect((await bindInvite(quiet, invitee.cookie, inviter.user.inviteCode)).data).toMatchObject({
        invitedBy: inviter.user.nickname,
        bonusCubes: 0,
      });
      expect(await quiet.database.db.select().from(ledger).where(eq(ledger.kind, 'invitation'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
