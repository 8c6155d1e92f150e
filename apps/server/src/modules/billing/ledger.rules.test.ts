import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import type { Db } from '../../db/client.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

// The ledger's rules on in-memory repositories: no database, each case takes milliseconds.
const WELCOME = 20;
const CAP = 2;
const DAY = 86_400;
const tx = {} as Db;

let store: MemoryStore;
let memory: ReturnType<typeof createMemoryLedger>;
let ledger: LedgerService;

beforeEach(() => {
  store = createMemoryStore();
  memory = createMemoryLedger(store);
  ledger = createLedgerService({
    ledger: memory.scoped,
    transaction: store.transaction,
    welcomeCubes: WELCOME,
    activeCap: CAP,
    now: store.now,
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string; params?: unknown }) => ({ code: err.code, params: err.params }),
  );

describe('opening an account', () => {
  it('grants the welcome cubes once, however often the account is asked for', async () => {
    await ledger.ensureAccount('u1');
    await ledger.ensureAccount('u1');
    expect(await ledger.balance('u1')).toEqual({
      cubes: WELCOME,
      debt: 0,
      planDebtSeconds: 0,
      activeTasks: 0,
      planUntil: null,
    });
    expect((await ledger.history('u1')).map((e) => e.kind)).toEqual(['welcome']);
  });
});

describe('charging a task', () => {
  it('takes the price and a task slot, and records the charge with them', async () => {
    await ledger.ensureAccount('u1');
    expect(await ledger.charge(tx, { userId: 'u1', cubes: 8, taskId: 't1' })).toEqual({
      cubes: 12,
      coveredByPlan: false,
    });
    expect((await ledger.history('u1'))[0]).toMatchObject({ kind: 'charge', cubes: -8, taskId: 't1' });
    expect((await ledger.balance('u1')).cubes).toBe(12);
    expect(await ledger.sumOf('u1')).toBe(12);
    expect(memory.accounts.get('u1')!.activeTasks).toBe(1);
  });

  it('refuses a price the balance does not cover, naming both, and takes nothing', async () => {
    await ledger.ensureAccount('u1');
    expect(await codeOf(ledger.charge(tx, { userId: 'u1', cubes: WELCOME + 1, taskId: 't2' }))).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      params: { need: WELCOME + 1, have: WELCOME },
    });
    expect(memory.accounts.get('u1')).toMatchObject({ cubes: WELCOME, activeTasks: 0 });
  });

  it('charges the whole balance down to zero, but not past it', async () => {
    await ledger.ensureAccount('u1');
    await ledger.charge(tx, { userId: 'u1', cubes: WELCOME, taskId: 't3' });
    expect((await ledger.balance('u1')).cubes).toBe(0);
    expect(await codeOf(ledger.charge(tx, { userId: 'u1', cubes: 1, taskId: 't4' }))).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('refuses a task past the cap of active tasks, naming the cap, until a slot is released', async () => {
    await ledger.ensureAccount('u1');
    await ledger.charge(tx, { userId: 'u1', cubes: 1, taskId: 't5' });
    await ledger.charge(tx, { userId: 'u1', cubes: 1, taskId: 't6' });
    expect(await codeOf(ledger.charge(tx, { userId: 'u1', cubes: 1, taskId: 't7' }))).toEqual({
      code: 'TOO_MANY_TASKS',
      params: { max: CAP },
    });
    expect(memory.accounts.get('u1')!.cubes).toBe(WELCOME - 2);
    await ledger.releaseSlot(tx, 'u1');
    await expect(ledger.charge(tx, { userId: 'u1', cubes: 1, taskId: 't8' })).resolves.toMatchObject({
      cubes: WELCOME - 3,
    });
  });

  it('lets a running time plan pay instead of the cubes, even with none left', async () => {
    await ledger.ensureAccount('u1');
    await ledger.grant({ userId: 'u1', kind: 'grant', cubes: -WELCOME, idempotencyKey: 'spend-all' });
    await ledger.grant({ userId: 'u1', kind: 'plan', cubes: 0, planSeconds: DAY, idempotencyKey: 'plan:1' });
    expect(await ledger.charge(tx, { userId: 'u1', cubes: 8, taskId: 't9' })).toEqual({
      cubes: 0,
      coveredByPlan: true,
    });
    expect((await ledger.history('u1'))[0]).toMatchObject({
      kind: 'charge',
      cubes: 0,
      taskId: 't9',
      note: 'time plan',
    });
    store.advance(DAY * 1000 + 1);
    expect((await ledger.balance('u1')).planUntil).toBeNull();
    expect(await codeOf(ledger.charge(tx, { userId: 'u1', cubes: 8, taskId: 't10' }))).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });
});

describe('refunds', () => {
  it("give a task's cubes back once, however often the refund is asked for", async () => {
    await ledger.ensureAccount('u1');
    await ledger.charge(tx, { userId: 'u1', cubes: 8, taskId: 't1' });
    expect(await ledger.refund(tx, { userId: 'u1', taskId: 't1', cubes: 8 })).toBe(true);
    expect(await ledger.refund(tx, { userId: 'u1', taskId: 't1', cubes: 8 })).toBe(false);
    expect((await ledger.balance('u1')).cubes).toBe(WELCOME);
    expect(await ledger.sumOf('u1')).toBe(WELCOME);
  });
});

describe('grants', () => {
  it('apply once per idempotency key', async () => {
    await ledger.grant({ userId: 'u1', kind: 'grant', cubes: 5, idempotencyKey: 'g1' });
    await ledger.grant({ userId: 'u1', kind: 'grant', cubes: 5, idempotencyKey: 'g1' });
    expect((await ledger.balance('u1')).cubes).toBe(WELCOME + 5);
  });

  it('refuse to take more than the balance holds, and record nothing', async () => {
    expect(
      await codeOf(ledger.grant({ userId: 'u1', kind: 'grant', cubes: -(WELCOME + 1), idempotencyKey: 'g2' })),
    ).toMatchObject({ code: 'BALANCE_TOO_LOW' });
    expect((await ledger.balance('u1')).cubes).toBe(WELCOME);
    expect((await ledger.history('u1')).map((e) => e.idempotencyKey)).toEqual(['welcome:u1']);
  });

  it('stack plan time after the plan that runs', async () => {
    await ledger.grant({ userId: 'u1', kind: 'plan', cubes: 0, planSeconds: DAY, idempotencyKey: 'p1' });
    await ledger.grant({ userId: 'u1', kind: 'plan', cubes: 0, planSeconds: DAY, idempotencyKey: 'p2' });
    const until = Date.parse((await ledger.balance('u1')).planUntil!);
    expect(until - store.now().getTime()).toBe(2 * DAY * 1000);
  });
});

describe('the balance', () => {
  it('shows a reversal the balance could not cover as a debt, and never a negative balance', async () => {
    await ledger.ensureAccount('u1');
    await memory.repository.reverse({
      userId: 'u1',
      cubes: WELCOME + 30,
      planSeconds: 0,
      idempotencyKey: 'r1',
      note: '',
    });
    expect(await ledger.balance('u1')).toMatchObject({ cubes: 0, debt: 30 });
    // A credit pays the debt first.
    await ledger.grant({ userId: 'u1', kind: 'grant', cubes: 40, idempotencyKey: 'g3' });
    expect(await ledger.balance('u1')).toMatchObject({ cubes: 10, debt: 0 });
  });
});
