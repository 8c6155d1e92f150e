import { LIMITS } from '@turing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryVerificationCodes } from '../../../test-support/fakes/verification-code.memory.ts';
import { createVerificationCodeService, type VerificationCodeService } from './verification-code.service.ts';

// The rules of a verification code on in-memory rows, with a clock the test moves: no database.
const MINUTE = 60_000;
const target = 'ada@example.com';
const purpose = 'register';

let store: MemoryStore;
let memory: ReturnType<typeof createMemoryVerificationCodes>;
let codes: VerificationCodeService;

beforeEach(() => {
  store = createMemoryStore();
  memory = createMemoryVerificationCodes(store);
  codes = createVerificationCodeService({ codes: memory.scoped, now: store.now });
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: { code?: string; params?: Record<string, unknown> }) => ({ code: err.code, ...err.params }),
  );
const issue = (over: { target?: string; purpose?: string; deliverable?: boolean } = {}) =>
  codes.issue({ channel: 'email', target, purpose, ...over });
const check = (code: string, over: { target?: string; purpose?: string } = {}) =>
  codes.check({ target, purpose, code, ...over });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('issuing', () => {
  it('makes a six-digit code, stored only as a hash', async () => {
    const { code, id } = await issue();
    expect(code).toMatch(/^\d{6}$/);
    expect(memory.rows.get(id)!.codeHash).not.toContain(code);
  });

  it('refuses another code for the same target and purpose within the cooldown, saying how long to wait', async () => {
    await issue();
    store.advance(20_000);
    expect(await outcome(issue())).toEqual({ code: 'CODE_COOLDOWN', seconds: LIMITS.verCodeCooldownSeconds - 20 });
    // Other targets and other purposes have their own cooldowns.
    expect(await outcome(issue({ target: 'bob@example.com' }))).toBe('ok');
    expect(await outcome(issue({ purpose: 'reset' }))).toBe('ok');
    store.advance(LIMITS.verCodeCooldownSeconds * 1000 - 20_000);
    expect(await outcome(issue())).toBe('ok');
  });

  it('lets only the newest code work', async () => {
    const first = await issue();
    store.advance(LIMITS.verCodeCooldownSeconds * 1000);
    const second = await issue();
    if (first.code !== second.code) expect(await outcome(check(first.code))).toEqual({ code: 'CODE_WRONG' });
    expect(await outcome(check(second.code))).toBe('ok');
    expect(memory.rows.get(first.id)!.consumedAt).not.toBeNull();
  });

  it('holds a stand-in that no guess matches, with the same cooldown, when the code must not be delivered', async () => {
    const { code } = await issue({ deliverable: false });
    expect(await outcome(check(code))).toEqual({ code: 'CODE_WRONG' });
    expect(await outcome(issue())).toMatchObject({ code: 'CODE_COOLDOWN' });
  });

  it('lifts the cooldown when an undeliverable code is withdrawn', async () => {
    const { id } = await issue();
    await codes.withdraw(id);
    expect(await outcome(issue())).toBe('ok');
  });
});

describe('checking', () => {
  it(`accepts the code until it expires after ${LIMITS.verCodeTtlMinutes} minutes`, async () => {
    const { code } = await issue();
    store.advance(LIMITS.verCodeTtlMinutes * MINUTE - 1);
    expect(await outcome(check(code))).toBe('ok');
    store.advance(1);
    expect(await outcome(check(code))).toEqual({ code: 'CODE_EXPIRED' });
  });

  it('says expired when no code was ever sent', async () => {
    expect(await outcome(check('123456'))).toEqual({ code: 'CODE_EXPIRED' });
  });

  it('ignores spaces around the code', async () => {
    const { code } = await issue();
    expect(await outcome(check(` ${code} `))).toBe('ok');
  });

  it(`counts every check as a try: after ${LIMITS.verCodeMaxWrongTries} the right code is refused too`, async () => {
    const { code, id } = await issue();
    const results = [];
    for (let i = 0; i < LIMITS.verCodeMaxWrongTries - 1; i++) results.push(await outcome(check(wrongFor(code))));
    expect(results).toEqual(Array.from({ length: LIMITS.verCodeMaxWrongTries - 1 }, () => ({ code: 'CODE_WRONG' })));
    expect(await outcome(check(wrongFor(code)))).toEqual({ code: 'CODE_TOO_MANY_TRIES' });
    expect(await outcome(check(code))).toEqual({ code: 'CODE_TOO_MANY_TRIES' });
    expect(memory.rows.get(id)!.attempts).toBe(LIMITS.verCodeMaxWrongTries);
  });

  it('does not use the code up: checking is not consuming', async () => {
    const { code } = await issue();
    expect(await outcome(check(code))).toBe('ok');
    expect(await outcome(check(code))).toBe('ok');
  });
});

describe('using a code', () => {
  it('works once: a used code is expired for every later check and use', async () => {
    const { code } = await issue();
    const row = await check(code);
    await codes.consume(row.id);
    expect(await outcome(codes.consume(row.id))).toEqual({ code: 'CODE_EXPIRED' });
    expect(await outcome(check(code))).toEqual({ code: 'CODE_EXPIRED' });
  });

  it('is undone with the transaction it was used in, so the code still works', async () => {
    const { code } = await issue();
    const row = await check(code);
    const failed = store.transaction(async (tx) => {
      await codes.consume(row.id, tx);
      throw new Error('the account could not be written');
    });
    await expect(failed).rejects.toThrow('the account could not be written');
    expect(await outcome(check(code))).toBe('ok');
    await store.transaction((tx) => codes.consume(row.id, tx));
    expect(await outcome(check(code))).toEqual({ code: 'CODE_EXPIRED' });
  });
});
