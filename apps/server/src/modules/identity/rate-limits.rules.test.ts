import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateCounters } from '../../../test-support/fakes/rate-counter.memory.ts';
import { createRateCounterService, type RateCounterService } from './rate-counter.service.ts';
import { createThrottle, THROTTLE, type Throttle } from './throttle.ts';

// Fixed-window counting and the sign-in throttles on in-memory counters, with a clock the test moves.
const MINUTE = 60_000;
let clock: number;
let counters: ReturnType<typeof createMemoryRateCounters>;
let limits: RateCounterService;
let throttle: Throttle;

beforeEach(() => {
  clock = Date.parse('2026-03-01T12:00:00Z');
  counters = createMemoryRateCounters();
  limits = createRateCounterService(counters.repository, () => new Date(clock));
  throttle = createThrottle(limits);
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: { code?: string; params?: Record<string, unknown> }) => ({ code: err.code, ...err.params }),
  );
const times = async (n: number, attempt: () => Promise<unknown>) => {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await outcome(attempt()));
  return results;
};

describe('a limit', () => {
  it('lets `max` events through in a window and refuses the next, saying how long to wait', async () => {
    const results = await times(4, () => limits.consume('k', 3, 10 * MINUTE));
    expect(results).toEqual(['ok', 'ok', 'ok', { code: 'RATE_LIMITED', seconds: 600 }]);
    clock += 4 * MINUTE + 500;
    expect(await outcome(limits.consume('k', 3, 10 * MINUTE))).toEqual({ code: 'RATE_LIMITED', seconds: 360 });
  });

  it('counts afresh once the window has ended', async () => {
    await times(4, () => limits.consume('k', 3, MINUTE));
    clock += MINUTE;
    expect(await times(4, () => limits.consume('k', 3, MINUTE))).toEqual([
      'ok',
      'ok',
      'ok',
      { code: 'RATE_LIMITED', seconds: 60 },
    ]);
  });

  it('never asks to wait less than a second', async () => {
    await times(2, () => limits.consume('k', 1, MINUTE));
    clock += MINUTE - 10;
    expect(await outcome(limits.consume('k', 1, MINUTE))).toEqual({ code: 'RATE_LIMITED', seconds: 1 });
  });

  it('keeps keys apart, and a cleared key starts again', async () => {
    await times(2, () => limits.consume('a', 1, MINUTE));
    expect(await outcome(limits.consume('b', 1, MINUTE))).toBe('ok');
    await limits.clear('a');
    expect(await outcome(limits.consume('a', 1, MINUTE))).toBe('ok');
  });
});

describe('the sign-in throttle', () => {
  it("refuses a sixth wrong password from one address, but not the owner's attempts from another", async () => {
    const results = await times(THROTTLE.loginPair.max + 1, () => throttle.login('alice', '10.0.0.1'));
    expect(results.at(-1)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await outcome(throttle.login('alice', '10.0.0.2'))).toBe('ok');
  });

  it('does not count a refused attempt against the wider limit', async () => {
    await times(THROTTLE.loginPair.max + 3, () => throttle.login('alice', '10.0.0.1'));
    expect(counters.rows.get('login:account:alice')!.count).toBe(THROTTLE.loginPair.max);
  });

  it('never refuses the account as a whole: past its ceiling it is under attack', async () => {
    const ips = Array.from({ length: THROTTLE.loginAccount.max / THROTTLE.loginPair.max }, (_, i) => `10.0.3.${i}`);
    for (const ip of ips)
      for (let i = 0; i < THROTTLE.loginPair.max; i++)
        expect(await throttle.login('alice', ip)).toEqual({ underAttack: false });
    expect(await throttle.login('alice', '10.0.4.1')).toEqual({ underAttack: true });
    clock += THROTTLE.loginAccount.windowMs;
    expect(await throttle.login('alice', '10.0.4.1')).toEqual({ underAttack: false });
  });

  it('starts an address afresh after a correct password', async () => {
    await times(THROTTLE.loginPair.max, () => throttle.login('alice', '10.0.0.1'));
    await throttle.loginSucceeded('alice', '10.0.0.1');
    expect(await outcome(throttle.login('alice', '10.0.0.1'))).toBe('ok');
  });

  it('bounds the codes one target receives from everywhere', async () => {
    const ips = Array.from({ length: THROTTLE.codeTarget.max + 1 }, (_, i) => `10.0.1.${i}`);
    const results = [];
    for (const ip of ips) results.push(await outcome(throttle.codeRequest('+8613800000000', ip)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(THROTTLE.codeTarget.max);
    expect(results.at(-1)).toMatchObject({ code: 'RATE_LIMITED', seconds: 3600 });
  });

  it('counts code-checked submissions per address across purposes', async () => {
    for (let i = 0; i < THROTTLE.submitIp.max; i++)
      await throttle.submission(i % 2 ? 'register' : 'reset', `user${i}@example.com`, '10.0.2.1');
    expect(await outcome(throttle.submission('bind', 'new@example.com', '10.0.2.1'))).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(await outcome(throttle.submission('bind', 'new@example.com', '10.0.2.2'))).toBe('ok');
  });
});
