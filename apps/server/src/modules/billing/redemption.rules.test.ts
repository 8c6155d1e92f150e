import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryRateCounters } from '../../../test-support/fakes/rate-counter.memory.ts';
import { createMemoryRedemption } from '../../../test-support/fakes/redemption.memory.ts';
import { createRateCounterService } from '../identity/rate-counter.service.ts';
import { CODE_ALPHABET, displayCode } from './redemption.code.ts';
import { createRedemptionService, REDEEM_LIMIT, type RedemptionServiceDeps } from './redemption.service.ts';

// Redeeming, minting, listing and revoking codes on in-memory repositories: no database.
const WELCOME = 20;
const DAY = 86_400;
const HOUR_MS = 3_600_000;
const CODE = 'ABCDEFGHJKLM';
const USERS: Record<string, string> = { u1: 'ada', u2: 'bea' };

let store: MemoryStore;
let ledger: ReturnType<typeof createMemoryLedger>;
let codes: ReturnType<typeof createMemoryRedemption>;
let counters: ReturnType<typeof createMemoryRateCounters>;

function service(overrides: Partial<RedemptionServiceDeps> = {}) {
  return createRedemptionService({
    codes: codes.scoped,
    ledger: ledger.scoped,
    transaction: store.transaction,
    limits: createRateCounterService(counters.repository, store.now),
    welcomeCubes: WELCOME,
    now: store.now,
    ...overrides,
  });
}
let redemption: ReturnType<typeof service>;

beforeEach(() => {
  store = createMemoryStore();
  ledger = createMemoryLedger(store);
  codes = createMemoryRedemption(store, (id) => USERS[id] ?? null);
  counters = createMemoryRateCounters();
  redemption = service();
});

const seed = (
  code: string,
  values: { cubes?: number; planDays?: number; expiresAt?: Date | null; batch?: string } = {},
) => codes.repository.insert([{ code, batch: 'b1', cubes: 10, planDays: 0, expiresAt: null, note: '', ...values }]);
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => value,
    (err: { code?: string; params?: Record<string, unknown> }) => ({ code: err.code, ...err.params }),
  );
const attemptsOf = (userId: string) => counters.rows.get(`redeem:user:${userId}`)?.count ?? 0;

describe('redeeming a code', () => {
  it('credits its cubes and plan days through the ledger, once, whatever the case, spaces and dashes', async () => {
    await seed(CODE, { cubes: 15, planDays: 3 });
    expect(await redemption.redeem('u1', ' abcd-efgh jklm ')).toEqual({ cubes: 15, planDays: 3 });
    const entries = [...ledger.entries.values()].filter((e) => e.kind === 'redemption');
    expect(entries).toEqual([
      expect.objectContaining({
        userId: 'u1',
        cubes: 15,
        planSeconds: 3 * DAY,
        idempotencyKey: `redeem:${CODE}`,
        note: 'ABCD-EFGH-JKLM',
      }),
    ]);
    // The account is opened first, so the welcome grant is there too.
    expect(ledger.accounts.get('u1')).toMatchObject({
      cubes: WELCOME + 15,
      planUntil: new Date(store.now().getTime() + 3 * DAY * 1000),
    });
    expect(codes.rows.get(CODE)).toMatchObject({ usedBy: 'u1', usedAt: store.now() });
  });

  it('answers "does not exist" for an unknown code and for input that cannot be a code', async () => {
    expect(await outcome(redemption.redeem('u1', 'ZZZZ-ZZZZ-ZZZZ'))).toEqual({ code: 'REDEEM_CODE_NOT_FOUND' });
    expect(await outcome(redemption.redeem('u1', 'not a code'))).toEqual({ code: 'REDEEM_CODE_NOT_FOUND' });
    expect(await outcome(redemption.redeem('u1', 'ABCD-EFGH-JKL0'))).toEqual({ code: 'REDEEM_CODE_NOT_FOUND' });
  });

  it('answers "already redeemed by you" to its user and "used" to anyone else, crediting nothing more', async () => {
    await seed(CODE);
    await redemption.redeem('u1', CODE);
    expect(await outcome(redemption.redeem('u1', CODE))).toEqual({ code: 'REDEEM_CODE_REDEEMED_BY_YOU' });
    expect(await outcome(redemption.redeem('u2', CODE))).toEqual({ code: 'REDEEM_CODE_USED' });
    expect(ledger.accounts.get('u1')!.cubes).toBe(WELCOME + 10);
    expect(ledger.accounts.get('u2')!.cubes).toBe(WELCOME);
  });

  it('answers a revoked code as one that does not exist, and leaves it unused', async () => {
    await seed(CODE);
    await redemption.revoke({ code: CODE });
    expect(await outcome(redemption.redeem('u1', CODE))).toEqual({ code: 'REDEEM_CODE_NOT_FOUND' });
    expect(codes.rows.get(CODE)).toMatchObject({ usedBy: null, usedAt: null });
  });

  it('takes a code until the moment it expires, and answers "expired" from then on', async () => {
    await seed(CODE, { expiresAt: new Date(store.now().getTime() + HOUR_MS) });
    await seed('BBBBBBBBBBBB', { expiresAt: new Date(store.now().getTime() + HOUR_MS) });
    store.advance(HOUR_MS - 1);
    expect(await redemption.redeem('u1', CODE)).toEqual({ cubes: 10, planDays: 0 });
    store.advance(1);
    expect(await outcome(redemption.redeem('u1', 'BBBBBBBBBBBB'))).toEqual({ code: 'REDEEM_CODE_EXPIRED' });
    // Used wins over expired: the code that was taken still says so.
    expect(await outcome(redemption.redeem('u2', CODE))).toEqual({ code: 'REDEEM_CODE_USED' });
  });

  it('leaves the code unused when the ledger refuses the credit: both commit or neither', async () => {
    await seed(CODE);
    await ledger.repository.ensureAccount('u1', WELCOME);
    await ledger.repository.apply({ userId: 'u1', kind: 'grant', cubes: 1, idempotencyKey: `redeem:${CODE}` });
    await expect(redemption.redeem('u1', CODE)).rejects.toThrow('already in the ledger');
    expect(codes.rows.get(CODE)).toMatchObject({ usedBy: null, usedAt: null });
  });
});

describe('the attempt limit', () => {
  it('counts every attempt, found or not, and refuses past the limit with the seconds to wait', async () => {
    await seed(CODE);
    for (let i = 0; i < REDEEM_LIMIT.max; i++) await outcome(redemption.redeem('u1', i % 2 ? 'ZZZZZZZZZZZZ' : '??'));
    expect(attemptsOf('u1')).toBe(REDEEM_LIMIT.max);
    // The next one is refused before the code is looked at, even a good one.
    expect(await outcome(redemption.redeem('u1', CODE))).toEqual({
      code: 'RATE_LIMITED',
      seconds: REDEEM_LIMIT.windowMs / 1000,
    });
    expect(codes.rows.get(CODE)!.usedAt).toBeNull();
    // Another user has their own count.
    expect(await redemption.redeem('u2', CODE)).toEqual({ cubes: 10, planDays: 0 });
    // The window ends and the count starts again.
    store.advance(REDEEM_LIMIT.windowMs);
    expect(await outcome(redemption.redeem('u1', CODE))).toEqual({ code: 'REDEEM_CODE_USED' });
    expect(attemptsOf('u1')).toBe(1);
  });

  it('starts afresh after a success', async () => {
    await seed(CODE);
    for (let i = 0; i < REDEEM_LIMIT.max - 1; i++) await outcome(redemption.redeem('u1', 'ZZZZZZZZZZZZ'));
    await redemption.redeem('u1', CODE);
    expect(counters.rows.has('redeem:user:u1')).toBe(false);
    const next = [];
    for (let i = 0; i < REDEEM_LIMIT.max; i++) next.push(await outcome(redemption.redeem('u1', 'ZZZZZZZZZZZZ')));
    expect(next.every((r) => (r as { code: string }).code === 'REDEEM_CODE_NOT_FOUND')).toBe(true);
    expect(await outcome(redemption.redeem('u1', 'ZZZZZZZZZZZZ'))).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('minting codes', () => {
  /** Codes in order from a list, then numbered ones (all distinct); the inserts' sizes are recorded. */
  function scripted(first: string[]) {
    let n = 0;
    const numbered = (i: number) =>
      Array.from({ length: 11 }, (_, d) => CODE_ALPHABET[Math.floor(i / 32 ** d) % 32]).join('');
    const chunks: number[] = [];
    const insert = codes.repository.insert;
    codes.repository.insert = (rows) => {
      chunks.push(rows.length);
      return insert(rows);
    };
    const newCode = () => first.shift() ?? `N${numbered(n++)}`;
    return { newCode, chunks };
  }

  it('writes the batch as asked, in display form, with its expiry and a dated name when none is given', async () => {
    const out = await redemption.mint({ count: 3, cubes: 5, planDays: 1, expiresAt: '2026-04-01T00:00:00.000Z' });
    expect(out).toMatchObject({ cubes: 5, planDays: 1, expiresAt: '2026-04-01T00:00:00.000Z' });
    expect(out.batch).toMatch(/^batch-2026-03-01-[0-9a-f]{6}$/);
    expect(out.codes).toHaveLength(3);
    for (const code of out.codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect([...codes.rows.values()].map((r) => displayCode(r.code)).sort()).toEqual([...out.codes].sort());
    expect(codes.rows.get(out.codes[0]!.replaceAll('-', ''))).toMatchObject({
      batch: out.batch,
      expiresAt: new Date('2026-04-01T00:00:00.000Z'),
    });
  });

  it('inserts in chunks of a thousand and makes up for codes that already exist or repeat', async () => {
    await seed('TAKENTAKEN22');
    const { newCode, chunks } = scripted(['TAKENTAKEN22', 'TWICETWICE22', 'TWICETWICE22']);
    redemption = service({ newCode });
    const out = await redemption.mint({ count: 2500, cubes: 1, planDays: 0, batch: 'fair' });
    expect(out.codes).toHaveLength(2500);
    expect(new Set(out.codes).size).toBe(2500);
    expect(out.codes).not.toContain('TAKE-NTAK-EN22');
    expect(out.codes.filter((c) => c === 'TWIC-ETWI-CE22')).toHaveLength(1);
    // 1000 made, the repeat dropped before the insert and the existing one skipped by it: 998
    // written; then a full chunk and the 502 still missing.
    expect(chunks).toEqual([999, 1000, 502]);
    expect(codes.rows.get('TAKENTAKEN22')!.batch).toBe('b1');
    expect([...codes.rows.values()].filter((r) => r.batch === 'fair')).toHaveLength(2500);
  });

  it('leaves no half batch behind when a chunk fails', async () => {
    const insert = codes.repository.insert;
    let calls = 0;
    codes.repository.insert = (rows) => (++calls === 2 ? Promise.reject(new Error('disk full')) : insert(rows));
    await expect(redemption.mint({ count: 1500, cubes: 1, planDays: 0, batch: 'fair' })).rejects.toThrow('disk full');
    expect(codes.rows.size).toBe(0);
  });
});

describe('listing and revoking codes', () => {
  beforeEach(async () => {
    await redemption.mint({ count: 3, cubes: 1, planDays: 0, batch: 'fair' });
    await seed('USEDUSEDUSED', { batch: 'fair' });
    await seed('LATELATELATE', { batch: 'fair', expiresAt: store.now() });
    await seed('KEPTKEPTKEPT', { batch: 'other' });
    await redemption.redeem('u1', 'USEDUSEDUSED');
  });

  it('lists a batch with each code’s state and who used it', async () => {
    const all = await redemption.list({ batch: 'fair', status: 'all', limit: 100 });
    expect(all.total).toBe(5);
    expect(all.items.find((c) => c.code === 'USED-USED-USED')).toMatchObject({
      status: 'used',
      usedBy: { id: 'u1', username: 'ada' },
      usedAt: store.now().toISOString(),
    });
    expect(all.items.find((c) => c.code === 'LATE-LATE-LATE')).toMatchObject({ status: 'expired', usedBy: null });
    expect((await redemption.list({ batch: 'fair', status: 'unused', limit: 2 })).items).toHaveLength(2);
    expect((await redemption.list({ batch: 'fair', status: 'unused', limit: 2 })).total).toBe(3);
    expect((await redemption.list({ status: 'unused', limit: 100 })).total).toBe(4);
  });

  it('revokes one code by what was typed, or the unused rest of a batch; used codes stay used', async () => {
    expect(await redemption.revoke({ code: 'kept-kept-kept' })).toEqual({ matched: 1, revoked: 1 });
    expect(await redemption.revoke({ code: 'kept-kept-kept' })).toEqual({ matched: 1, revoked: 0 });
    expect(await redemption.revoke({ code: 'no' })).toEqual({ matched: 0, revoked: 0 });
    // The expired code is revoked too, so a later extension cannot bring it back.
    expect(await redemption.revoke({ batch: 'fair' })).toEqual({ matched: 5, revoked: 4 });
    const fair = await redemption.list({ batch: 'fair', status: 'all', limit: 100 });
    expect(fair.items.map((c) => c.status).sort()).toEqual(['revoked', 'revoked', 'revoked', 'revoked', 'used']);
    expect(await redemption.revoke({ batch: 'none' })).toEqual({ matched: 0, revoked: 0 });
  });
});
