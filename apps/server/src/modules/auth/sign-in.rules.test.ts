import { LIMITS, loginBody, registerBody, resetBody, verCodeBody, type Locale } from '@turing/contract';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryRateCounters } from '../../../test-support/fakes/rate-counter.memory.ts';
import { createMemoryUsers } from '../../../test-support/fakes/user.memory.ts';
import { createMemoryVerificationCodes } from '../../../test-support/fakes/verification-code.memory.ts';
import { AppError } from '../../shared/app-error.ts';
import { createRateCounterService } from '../identity/rate-counter.service.ts';
import { createThrottle, THROTTLE } from '../identity/throttle.ts';
import { createVerificationCodeService } from '../identity/verification-code.service.ts';
import { createAuthService, type AuthServiceDeps } from './auth.service.ts';
import { createKnownDevices } from './known-device.ts';

// The sign-in rules (codes, attempt limits, known devices) on in-memory repositories and a clock
// the test moves: no database, no HTTP, no password hashing.
const PASSWORD = 'secret123';
const ada = 'ada@example.com';
const OWNER_IP = '10.0.0.1';

let store: MemoryStore;
let counters: ReturnType<typeof createMemoryRateCounters>;
let codeRows: ReturnType<typeof createMemoryVerificationCodes>;
let accounts: ReturnType<typeof createMemoryUsers>;
let sent: { to: string; purpose?: string; code?: string; exists?: true }[];
let revoked: string[];
let invitationsBound: string[];

const passwords = {
  hash: async (password: string) => `hashed:${password}`,
  verify: async (stored: string | null, password: string) => stored === `hashed:${password}`,
};

function service(overrides: Partial<AuthServiceDeps> = {}) {
  const limits = createRateCounterService(counters.repository, store.now);
  return createAuthService({
    transaction: store.transaction,
    users: accounts.users,
    codes: createVerificationCodeService({ codes: codeRows.scoped, now: store.now }),
    sessions: { revokeAll: async (userId) => void revoked.push(userId) },
    messaging: {
      sendCode: async (m) => void sent.push({ to: m.to, purpose: m.purpose, code: m.code }),
      sendAccountExists: async (m) => void sent.push({ to: m.to, exists: true }),
    },
    throttle: createThrottle(limits),
    devices: createKnownDevices('a secret every node shares'),
    invitations: {
      inviterForRegistration: async (code) => {
        if (code !== 'FRIEND01') throw new AppError('INVITE_CODE_NOT_FOUND');
        return { id: 'friend' };
      },
      bindNewAccount: async (_tx, userId) => {
        invitationsBound.push(userId);
        return true;
      },
    },
    log: pino({ level: 'silent' }),
    passwords,
    ...overrides,
  });
}
let auth: ReturnType<typeof service>;

beforeEach(async () => {
  store = createMemoryStore();
  // The counters' windows are read from the same clock as the codes'.
  counters = createMemoryRateCounters();
  codeRows = createMemoryVerificationCodes(store);
  accounts = createMemoryUsers(store, passwords.hash);
  sent = [];
  revoked = [];
  invitationsBound = [];
  auth = service();
  await accounts.addUser({ username: 'ada', email: ada, password: PASSWORD });
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: { code?: string }) => err.code,
  );
const login = (over: { email?: string; password?: string; code?: string } = {}, ip = OWNER_IP, device?: string) =>
  auth.login(loginBody.parse({ email: ada, password: PASSWORD, ...over }), { ip, device });
const sendCode = async (purpose: 'register' | 'reset' | 'login', email = ada, ip = OWNER_IP) => {
  await auth.sendCode(verCodeBody.parse({ channel: 'email', email, purpose }), {
    locale: 'en' as Locale,
    user: null,
    ip,
  });
  // Reset and login messages go out after the answer.
  await auth.settled();
  return sent.at(-1);
};
const register = (email: string, code: string, over: { username?: string; inviteCode?: string } = {}) =>
  auth.register(
    registerBody.parse({
      email,
      code,
      username: email.split('@')[0],
      password: PASSWORD,
      confirmPassword: PASSWORD,
      occupation: 'others',
      agree: true,
      ...over,
    }),
    { ip: OWNER_IP },
  );
const reset = (code: string, password = 'another456') =>
  auth.reset(resetBody.parse({ email: ada, code, password, confirmPassword: password }), { ip: OWNER_IP });
/** Fails the password from enough addresses to put the account past its ceiling, none past its own limit. */
async function attack(account = ada) {
  const perAddress = THROTTLE.loginPair.max;
  for (let i = 0; i < THROTTLE.loginAccount.max / perAddress; i++)
    for (let j = 0; j < perAddress; j++)
      await outcome(login({ email: account, password: 'wrong-guess' }, `10.9.${i}.1`));
}

describe('the limit per account and address', () => {
  it(`refuses the ${THROTTLE.loginPair.max + 1}th password from one address, even the right one`, async () => {
    const tries = [];
    for (let i = 0; i < THROTTLE.loginPair.max; i++)
      tries.push(await outcome(login({ password: 'wrong' }, '10.0.0.66')));
    expect(tries).toEqual(Array.from({ length: THROTTLE.loginPair.max }, () => 'LOGIN_FAILED'));
    expect(await outcome(login({}, '10.0.0.66'))).toBe('RATE_LIMITED');
  });

  it("never refuses the owner at their own address for a stranger's failures", async () => {
    for (let i = 0; i <= THROTTLE.loginPair.max; i++) await outcome(login({ password: 'wrong' }, '10.0.0.66'));
    expect(await outcome(login())).toBe('ok');
  });

  it('opens again once the window has passed', async () => {
    for (let i = 0; i <= THROTTLE.loginPair.max; i++) await outcome(login({ password: 'wrong' }));
    store.advance(THROTTLE.loginPair.windowMs);
    expect(await outcome(login())).toBe('ok');
  });

  it('starts an address afresh after a correct password', async () => {
    for (let i = 0; i < THROTTLE.loginPair.max - 1; i++) await outcome(login({ password: 'wrong' }));
    expect(await outcome(login())).toBe('ok');
    for (let i = 0; i < THROTTLE.loginPair.max - 1; i++) await outcome(login({ password: 'wrong' }));
    expect(await outcome(login())).toBe('ok');
  });

  it('says whether the password was right only to whoever knows it: a suspended account', async () => {
    accounts.rows.get((await accounts.users.findByIdentity({ email: ada }))!.id)!.suspendedAt = store.now();
    expect(await outcome(login({ password: 'wrong' }))).toBe('LOGIN_FAILED');
    expect(await outcome(login())).toBe('USER_SUSPENDED');
  });
});

describe('an account under attack', () => {
  it('asks a device it has never signed in from for a code, and the code signs in once', async () => {
    await attack();
    expect(await outcome(login())).toBe('LOGIN_VERIFICATION_REQUIRED');
    const message = await sendCode('login');
    expect(message).toMatchObject({ to: ada, purpose: 'login' });
    expect(await outcome(login({ code: message!.code }))).toBe('ok');
    // Used up: the next sign-in from that device needs a new code.
    expect(await outcome(login({ code: message!.code }))).toBe('CODE_EXPIRED');
  });

  it('checks the code before the password, so a guesser learns nothing about the password', async () => {
    await attack();
    const { code } = (await sendCode('login'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await outcome(login({ code: wrong, password: 'wrong' }))).toBe('CODE_WRONG');
    expect(await outcome(login({ code: wrong }))).toBe('CODE_WRONG');
    expect(await outcome(login({ code, password: 'wrong' }))).toBe('LOGIN_FAILED');
  });

  it('lets a browser the account signed in from before in with the password alone', async () => {
    const user = (await accounts.users.findByIdentity({ email: ada }))!;
    const cookie = auth.rememberDevice(undefined, user.id);
    await attack();
    expect(await outcome(login({}, OWNER_IP, cookie))).toBe('ok');
    expect(await outcome(login({}, OWNER_IP))).toBe('LOGIN_VERIFICATION_REQUIRED');
  });

  it('does not count a browser known to another account, or a cookie the server did not sign', async () => {
    const bob = await accounts.addUser({ username: 'bob', email: 'bob@example.com', password: PASSWORD });
    const bobs = auth.rememberDevice(undefined, bob.id);
    await attack();
    expect(await outcome(login({}, OWNER_IP, bobs))).toBe('LOGIN_VERIFICATION_REQUIRED');
    const forged = `${bobs.split('.')[0]}.${'A'.repeat(22)}`;
    expect(await outcome(login({}, OWNER_IP, forged))).toBe('LOGIN_VERIFICATION_REQUIRED');
  });

  it('answers alike for an address without an account: nothing tells who exists', async () => {
    await attack('nobody@example.com');
    expect(await outcome(login({ email: 'nobody@example.com' }))).toBe('LOGIN_VERIFICATION_REQUIRED');
    // Asking for the code sends nothing, and every guess is simply wrong.
    const before = sent.length;
    await sendCode('login', 'nobody@example.com');
    expect(sent).toHaveLength(before);
    expect(await outcome(login({ email: 'nobody@example.com', code: '123456' }))).toBe('CODE_WRONG');
  });

  it('is over once the window has passed', async () => {
    await attack();
    store.advance(THROTTLE.loginAccount.windowMs);
    expect(await outcome(login())).toBe('ok');
  });
});

describe('codes for registration and reset', () => {
  it('registers with a code once: the same code cannot make a second account', async () => {
    const { code } = (await sendCode('register', 'new@example.com'))!;
    await register('new@example.com', code!);
    expect(await outcome(register('new@example.com', code!, { username: 'other' }))).toBe('CODE_EXPIRED');
  });

  it('keeps the code when the account could not be written, so it can be used again', async () => {
    const { code } = (await sendCode('register', 'new@example.com'))!;
    auth = service({
      invitations: {
        inviterForRegistration: async () => ({ id: 'friend' }),
        bindNewAccount: async () => {
          throw new Error('the invitation could not be recorded');
        },
      },
    });
    await expect(register('new@example.com', code!, { inviteCode: 'FRIEND01' })).rejects.toThrow('invitation');
    expect(await accounts.users.findByIdentity({ email: 'new@example.com' })).toBeNull();
    auth = service();
    expect(await outcome(register('new@example.com', code!))).toBe('ok');
  });

  it('refuses a mistyped invitation code before spending anything', async () => {
    const { code } = (await sendCode('register', 'new@example.com'))!;
    expect(await outcome(register('new@example.com', code!, { inviteCode: 'NOPE' }))).toBe('INVITE_CODE_NOT_FOUND');
    expect(await outcome(register('new@example.com', code!, { inviteCode: 'FRIEND01' }))).toBe('ok');
    expect(invitationsBound).toHaveLength(1);
  });

  it('tells a registered address it has an account instead of sending a code; no guess registers it', async () => {
    expect(await sendCode('register')).toEqual({ to: ada, exists: true });
    expect(await outcome(register(ada, '123456', { username: 'ada2' }))).toBe('CODE_WRONG');
  });

  it(`asks for the next code only after ${LIMITS.verCodeCooldownSeconds} s, for accounts and strangers alike`, async () => {
    await sendCode('reset');
    await sendCode('reset', 'nobody@example.com');
    expect(await outcome(sendCode('reset'))).toBe('CODE_COOLDOWN');
    expect(await outcome(sendCode('reset', 'nobody@example.com'))).toBe('CODE_COOLDOWN');
    store.advance(LIMITS.verCodeCooldownSeconds * 1000);
    expect(await outcome(sendCode('reset'))).toBe('ok');
  });

  it('resets the password once with a code, ending every session; the code expires with time', async () => {
    const { code } = (await sendCode('reset'))!;
    await reset(code!);
    expect(revoked).toHaveLength(1);
    expect(await outcome(login({ password: 'another456' }))).toBe('ok');
    expect(await outcome(reset(code!, 'third789'))).toBe('CODE_EXPIRED');

    store.advance(LIMITS.verCodeCooldownSeconds * 1000);
    const late = (await sendCode('reset'))!;
    store.advance(LIMITS.verCodeTtlMinutes * 60_000);
    expect(await outcome(reset(late.code!, 'third789'))).toBe('CODE_EXPIRED');
  });

  it(`refuses the right code after ${LIMITS.verCodeMaxWrongTries} wrong ones`, async () => {
    const { code } = (await sendCode('reset'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < LIMITS.verCodeMaxWrongTries; i++) await outcome(reset(wrong));
    expect(await outcome(reset(code!))).toBe('CODE_TOO_MANY_TRIES');
  });

  it('limits code-checked submissions per address before the code is looked at', async () => {
    for (let i = 0; i < THROTTLE.submitIp.max; i++) await outcome(register(`user${i}@example.com`, '123456'));
    expect(await outcome(register('late@example.com', '123456'))).toBe('RATE_LIMITED');
  });
});
