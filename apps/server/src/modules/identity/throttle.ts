import type { RateCounterService } from './rate-counter.service.ts';

interface Limit {
  max: number;
  windowMs: number;
}
const MINUTE = 60_000;

/**
 * Attempt limits of the sign-in flows, kept in the database so they hold across API nodes. Each
 * is counted before the attempt is evaluated, in one atomic statement, so parallel attempts cannot
 * all slip under it. Limits on an account are counted per (account, address) with a much higher
 * ceiling for the account as a whole: a stranger's failures never refuse the owner at their own address.
 * Past the account's ceiling nothing is refused either (strangers could otherwise lock the owner out
 * from everywhere): the account is under attack, and a password alone no longer signs in from a device
 * it has not signed in from before.
 */
export const THROTTLE = {
  /** Passwords tried for one account from one address. */
  loginPair: { max: 5, windowMs: 15 * MINUTE },
  /** Passwords tried for one account from everywhere; past it, unknown devices also need a code. */
  loginAccount: { max: 100, windowMs: 15 * MINUTE },
  /** Codes sent to one phone or e-mail for one address (on top of the one-minute cooldown). */
  codePair: { max: 10, windowMs: 60 * MINUTE },
  /** Codes sent to one phone or e-mail from everywhere: bounds what a stranger can make it receive. */
  codeTarget: { max: 30, windowMs: 60 * MINUTE },
  /** Code-checked submissions (register, reset, bind) from one address. */
  submitIp: { max: 30, windowMs: 10 * MINUTE },
  /** Code-checked submissions for one phone or e-mail from one address. */
  submitPair: { max: 10, windowMs: 15 * MINUTE },
  /** Code-checked submissions for one phone or e-mail from everywhere. */
  submitTarget: { max: 50, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

export function createThrottle(limits: RateCounterService) {
  const consume = async (...steps: [key: string, limit: Limit][]) => {
    // In order, stopping at the first refusal, so a refused attempt does not count against wider limits.
    for (const [key, limit] of steps) await limits.consume(key, limit.max, limit.windowMs);
  };
  return {
    /** Refuses past the address's limit; otherwise tells whether the account is under attack. */
    async login(account: string, ip: string) {
      await consume([`login:pair:${account}:${ip}`, THROTTLE.loginPair]);
      const { max, windowMs } = THROTTLE.loginAccount;
      return { underAttack: await limits.countOver(`login:account:${account}`, max, windowMs) };
    },
    /** A correct password: this address starts afresh. */
    loginSucceeded: (account: string, ip: string) => limits.clear(`login:pair:${account}:${ip}`),
    codeRequest: (target: string, ip: string) =>
      consume([`code:pair:${target}:${ip}`, THROTTLE.codePair], [`code:target:${target}`, THROTTLE.codeTarget]),
    submission: (purpose: string, target: string, ip: string) =>
      consume(
        [`submit:ip:${ip}`, THROTTLE.submitIp],
        [`submit:${purpose}:pair:${target}:${ip}`, THROTTLE.submitPair],
        [`submit:${purpose}:target:${target}`, THROTTLE.submitTarget],
      ),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
