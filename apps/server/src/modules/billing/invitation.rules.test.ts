import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryInvitations } from '../../../test-support/fakes/invitation.memory.ts';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createInvitationService, type InvitationServiceDeps } from './invitation.service.ts';

// Who may invite whom and who is paid for it, on in-memory repositories: no database.
const BONUS = 5;
const WELCOME = 20;
const MAX = 2;

let store: MemoryStore;
let ledger: ReturnType<typeof createMemoryLedger>;
let memory: ReturnType<typeof createMemoryInvitations>;

function service(overrides: Partial<InvitationServiceDeps> = {}) {
  return createInvitationService({
    invitations: memory.scoped,
    ledger: ledger.scoped,
    transaction: store.transaction,
    publicUrl: 'https://turing.example',
    bonusCubes: BONUS,
    welcomeCubes: WELCOME,
    maxBonuses: MAX,
    ...overrides,
  });
}
let invitations: ReturnType<typeof service>;

beforeEach(() => {
  store = createMemoryStore();
  ledger = createMemoryLedger(store);
  memory = createMemoryInvitations(store, ledger);
  invitations = service();
  for (const [id, inviteCode] of [
    ['ann', 'ANNCODE1'],
    ['bob', 'BOBCODE2'],
    ['cat', 'CATCODE3'],
    ['dan', 'DANCODE4'],
    ['eve', 'EVECODE5'],
  ])
    memory.addUser({ id: id!, inviteCode: inviteCode!, nickname: id!.toUpperCase() });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
const bonusesOf = (userId: string) =>
  [...ledger.entries.values()].filter((e) => e.userId === userId && e.kind === 'invitation');
const cubesOf = (userId: string) => ledger.accounts.get(userId)?.cubes;

describe('finding the inviter by code', () => {
  it('ignores case, spaces and dashes', async () => {
    expect(await invitations.inviterForRegistration(' ann-code 1 ')).toEqual({ id: 'ann' });
    const bound = await invitations.bind('bob', 'anncode1');
    expect(bound).toMatchObject({ invitedBy: 'ANN', bonusPaid: true });
  });

  it('refuses an unknown or empty code, and the code of a suspended account, as not found', async () => {
    expect(await codeOf(invitations.bind('bob', 'NOPE0000'))).toBe('INVITE_CODE_NOT_FOUND');
    expect(await codeOf(invitations.bind('bob', ' - '))).toBe('INVITE_CODE_NOT_FOUND');
    memory.users.get('ann')!.suspendedAt = store.now();
    expect(await codeOf(invitations.bind('bob', 'ANNCODE1'))).toBe('INVITE_CODE_NOT_FOUND');
    expect(await codeOf(invitations.inviterForRegistration('ANNCODE1'))).toBe('INVITE_CODE_NOT_FOUND');
    expect(memory.users.get('bob')!.invitedBy).toBeNull();
  });

  it('refuses your own code, but not at registration, when there is no account yet', async () => {
    expect(await codeOf(invitations.bind('ann', 'ann-code1'))).toBe('INVITE_CODE_SELF');
    expect(await invitations.inviterForRegistration('ANNCODE1')).toEqual({ id: 'ann' });
    expect(memory.users.get('ann')!.invitedBy).toBeNull();
  });
});

describe('binding a code', () => {
  it('links the accounts and pays both sides once, through the ledger, each opened first', async () => {
    const bound = await invitations.bind('bob', 'ANNCODE1');
    expect(bound).toEqual({
      code: 'BOBCODE2',
      link: 'https://turing.example/#/login?tab=register&invite=BOBCODE2',
      invitedBy: 'ANN',
      invitedCount: 0,
      bonusCubes: BONUS,
      bonusPaid: true,
    });
    expect(bonusesOf('bob').map((e) => [e.cubes, e.idempotencyKey])).toEqual([[BONUS, 'invite:invitee:bob']]);
    expect(bonusesOf('ann').map((e) => [e.cubes, e.idempotencyKey])).toEqual([[BONUS, 'invite:inviter:bob']]);
    expect([cubesOf('ann'), cubesOf('bob')]).toEqual([WELCOME + BONUS, WELCOME + BONUS]);
    expect(await invitations.status('ann')).toMatchObject({ invitedBy: null, invitedCount: 1 });
    expect(ledger.accounts.get('ann')!.inviteBonuses).toBe(1);
  });

  it('is refused once an inviter is recorded, whichever code comes second, and pays nothing more', async () => {
    await invitations.bind('bob', 'ANNCODE1');
    expect(await codeOf(invitations.bind('bob', 'ANNCODE1'))).toBe('INVITE_CODE_ALREADY_SET');
    expect(await codeOf(invitations.bind('bob', 'CATCODE3'))).toBe('INVITE_CODE_ALREADY_SET');
    expect(memory.users.get('bob')!.invitedBy).toBe('ann');
    expect(bonusesOf('bob')).toHaveLength(1);
    expect(bonusesOf('cat')).toHaveLength(0);
  });

  it('has no status for an unknown user', async () => {
    expect(await codeOf(invitations.status('nobody'))).toBe('USER_NOT_FOUND');
  });
});

describe('a pair of accounts', () => {
  it('earns one bonus, whichever way round: the second direction links without paying', async () => {
    expect((await invitations.bind('bob', 'ANNCODE1')).bonusPaid).toBe(true);
    expect((await invitations.bind('ann', 'BOBCODE2')).bonusPaid).toBe(false);
    expect(memory.users.get('ann')!.invitedBy).toBe('bob');
    expect([bonusesOf('ann'), bonusesOf('bob')].map((b) => b.length)).toEqual([1, 1]);
    expect(memory.pairs.size).toBe(1);
    expect([...memory.pairs.values()][0]).toMatchObject({ inviterId: 'ann' });
    expect(ledger.accounts.get('bob')!.inviteBonuses).toBe(0);
  });
});

describe('an inviter past the cap', () => {
  it('pays for the first invitations only; the rest are linked, and their pair stays free', async () => {
    for (const who of ['bob', 'cat']) expect((await invitations.bind(who, 'ANNCODE1')).bonusPaid).toBe(true);
    expect((await invitations.bind('dan', 'ANNCODE1')).bonusPaid).toBe(false);
    expect(memory.users.get('dan')!.invitedBy).toBe('ann');
    expect(bonusesOf('ann')).toHaveLength(MAX);
    expect(bonusesOf('dan')).toHaveLength(0);
    expect(cubesOf('dan')).toBe(WELCOME);
    expect(ledger.accounts.get('ann')!.inviteBonuses).toBe(MAX);
    expect((await invitations.status('ann')).invitedCount).toBe(3);

    // The unpaid pair was given back: when Ann enters Dan's code, that pair's one bonus is paid.
    expect((await invitations.bind('ann', 'DANCODE4')).bonusPaid).toBe(true);
    expect(bonusesOf('dan').map((e) => e.idempotencyKey)).toEqual(['invite:inviter:ann']);
    expect(bonusesOf('ann').map((e) => e.idempotencyKey)).toContain('invite:invitee:ann');
  });

  it('with a cap of zero, never pays, and claims no pair', async () => {
    invitations = service({ maxBonuses: 0 });
    expect((await invitations.bind('bob', 'ANNCODE1')).bonusPaid).toBe(false);
    expect(memory.pairs.size).toBe(0);
    expect(bonusesOf('ann')).toHaveLength(0);
  });
});

describe('a bonus of zero', () => {
  it('still links the accounts, but opens, claims and writes nothing', async () => {
    invitations = service({ bonusCubes: 0 });
    const bound = await invitations.bind('bob', 'ANNCODE1');
    expect(bound).toMatchObject({ invitedBy: 'ANN', bonusCubes: 0, bonusPaid: false });
    expect(ledger.entries.size).toBe(0);
    expect(ledger.accounts.size).toBe(0);
    expect(memory.pairs.size).toBe(0);
  });
});

describe('at registration', () => {
  it("binds in the caller's transaction: if the registration fails after, no link or bonus remains", async () => {
    const inviter = await invitations.inviterForRegistration('ANNCODE1');
    await expect(
      store.transaction(async (tx) => {
        expect(await invitations.bindNewAccount(tx, 'eve', inviter.id)).toBe(true);
        throw new Error('registration failed after the bind');
      }),
    ).rejects.toThrow('registration failed');
    expect(memory.users.get('eve')!.invitedBy).toBeNull();
    expect(memory.pairs.size).toBe(0);
    expect(ledger.entries.size).toBe(0);
    expect(ledger.accounts.get('ann')).toBeUndefined();

    await store.transaction((tx) => invitations.bindNewAccount(tx, 'eve', inviter.id));
    expect(bonusesOf('eve')).toHaveLength(1);
  });
});
