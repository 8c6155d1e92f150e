import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_PATTERN, type ApiKeyCreateBody } from '@turing/contract';
import type { ApiKeyRow } from '../../../db/schema/index.ts';
import { base62, isWellFormed, newToken, tokenDigest } from './api-key-token.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';
import { createApiKeyService, LAST_USED_EVERY_MS } from './api-keys.service.ts';

// The key rules on a memory repository and a hand-moved clock: no database.
const T0 = new Date('2026-11-27T10:00:00.000Z');
const DAY = 86_400_000;

function memoryKeys() {
  const rows = new Map<string, ApiKeyRow>();
  const lookups: string[] = [];
  const touches: { id: string; ip: string }[] = [];
  const repo: ApiKeysRepository = {
    listActive: async (userId) =>
      [...rows.values()]
        .filter((r) => r.userId === userId && !r.revokedAt)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    async insertCapped(key, max) {
      if ([...rows.values()].filter((r) => r.userId === key.userId && !r.revokedAt).length >= max) return null;
      const row: ApiKeyRow = { id: randomUUID(), lastUsedAt: null, lastUsedIp: null, revokedAt: null, ...key };
      rows.set(row.id, row);
      return row;
    },
    async revoke(userId, id, at) {
      const row = rows.get(id);
      if (!row || row.userId !== userId || row.revokedAt) return false;
      row.revokedAt = at;
      return true;
    },
    async findByDigest(digest) {
      lookups.push(digest);
      return [...rows.values()].find((r) => r.digest === digest) ?? null;
    },
    async touch(id, at, ip, unlessSince) {
      const row = rows.get(id)!;
      if (row.lastUsedAt && row.lastUsedAt > unlessSince) return;
      touches.push({ id, ip });
      Object.assign(row, { lastUsedAt: at, lastUsedIp: ip });
    },
  };
  return { repo, rows, lookups, touches };
}

let clock: Date;
let memory: ReturnType<typeof memoryKeys>;
const warnings: unknown[] = [];
const service = () =>
  createApiKeyService({ keys: memory.repo, now: () => clock, log: { warn: (fields) => warnings.push(fields) } });
let keys: ReturnType<typeof service>;

beforeEach(() => {
  clock = T0;
  memory = memoryKeys();
  warnings.length = 0;
  keys = service();
});

const body = (over: Partial<ApiKeyCreateBody> = {}): ApiKeyCreateBody => ({
  name: 'CI',
  scopes: ['tasks:write', 'tasks:read'],
  ...over,
});
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string; params?: unknown }) => [err.code, err.params],
  );
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the key text', () => {
  it('is the prefix, 43 base62 characters of the random bytes and 6 of a CRC-32 of what comes before', () => {
    const token = newToken();
    expect(token).toMatch(API_KEY_PATTERN);
    expect(token.slice(-6)).toBe(base62(BigInt(crc32(token.slice(0, -6))), 6));
    expect(isWellFormed(token)).toBe(true);
    // Small numbers are left-padded, so every key has the same length.
    expect(newToken(() => Buffer.alloc(32))).toMatch(/^td_live_0{43}[0-9A-Za-z]{6}$/);
    expect(newToken(() => Buffer.alloc(32, 0xff))).toMatch(API_KEY_PATTERN);
    expect(new Set(Array.from({ length: 50 }, () => newToken())).size).toBe(50);
    expect(tokenDigest(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('is not well formed with a changed character, a wrong prefix or length, or a checksum of something else', () => {
    const token = newToken();
    const flip = (i: number) => token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
    expect(isWellFormed(flip(20))).toBe(false);
    expect(isWellFormed(flip(token.length - 1))).toBe(false);
    expect(isWellFormed(token.replace('td_live_', 'td_test_'))).toBe(false);
    expect(isWellFormed(token.slice(0, -1))).toBe(false);
    expect(isWellFormed(`${token} `)).toBe(false);
    expect(isWellFormed('')).toBe(false);
  });
});

describe('creating and listing keys', () => {
  it('shows the key once and keeps only its digest and last four characters', async () => {
    const { key, token } = await keys.create('ann', body({ expiresInDays: 30 }));
    expect(key).toEqual({
      id: expect.any(String),
      name: 'CI',
      scopes: ['tasks:write', 'tasks:read'],
      last4: token.slice(-4),
      createdAt: T0.toISOString(),
      lastUsedAt: null,
      lastUsedIp: null,
      expiresAt: new Date(T0.getTime() + 30 * DAY).toISOString(),
      expired: false,
    });
    const [row] = memory.rows.values();
    expect(row!.digest).toBe(tokenDigest(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(8, -4));
    expect(JSON.stringify(await keys.list('ann'))).not.toContain(token.slice(8, -4));
  });

  it('lists newest first, leaves revoked keys out and marks expired ones', async () => {
    const a = await keys.create('ann', body({ name: 'a', expiresInDays: 1 }));
    later(1000);
    const b = await keys.create('ann', body({ name: 'b' }));
    later(1000);
    await keys.create('ann', body({ name: 'c' }));
    await keys.create('bob', body({ name: 'bob' }));
    await keys.revoke('ann', b.key.id);
    later(DAY);
    const list = await keys.list('ann');
    expect(list.map((k) => [k.name, k.expired])).toEqual([
      ['c', false],
      ['a', true],
    ]);
    expect(list[1]!.id).toBe(a.key.id);
  });

  it('refuses a key past the limit, counting only keys that are not revoked', async () => {
    const made = [];
    for (let i = 0; i < 10; i += 1) made.push(await keys.create('ann', body({ name: `k${i}` })));
    expect(await codeOf(keys.create('ann', body()))).toEqual(['API_KEY_LIMIT', { max: 10 }]);
    expect(memory.rows.size).toBe(10);
    await keys.create('bob', body());
    await keys.revoke('ann', made[3]!.key.id);
    await keys.create('ann', body({ name: 'again' }));
    expect(await codeOf(keys.create('ann', body()))).toEqual(['API_KEY_LIMIT', { max: 10 }]);
  });

  it("refuses to revoke an unknown key, another user's key or a key already revoked", async () => {
    const { key } = await keys.create('ann', body());
    expect(await codeOf(keys.revoke('ann', randomUUID()))).toEqual(['API_KEY_NOT_FOUND', {}]);
    expect(await codeOf(keys.revoke('bob', key.id))).toEqual(['API_KEY_NOT_FOUND', {}]);
    expect(await codeOf(keys.revoke('ann', key.id))).toBe('resolved');
    expect(await codeOf(keys.revoke('ann', key.id))).toEqual(['API_KEY_NOT_FOUND', {}]);
  });
});

describe('authenticating a key', () => {
  it("acts as the key's owner within its scopes", async () => {
    const { key, token } = await keys.create('ann', body({ scopes: ['account:read'] }));
    expect(await keys.authenticate(token, '203.0.113.9')).toEqual({
      keyId: key.id,
      userId: 'ann',
      scopes: ['account:read'],
    });
  });

  it('opens nothing for a revoked, expired, malformed, mistyped or unknown key, after the same one lookup each', async () => {
    const revoked = await keys.create('ann', body());
    await keys.revoke('ann', revoked.key.id);
    const expired = await keys.create('ann', body({ expiresInDays: 1 }));
    const live = await keys.create('bob', body());
    later(DAY);
    const tried = [
      revoked.token,
      expired.token,
      'not a key',
      `${live.token.slice(0, -1)}${live.token.endsWith('a') ? 'b' : 'a'}`,
      newToken(),
      '',
    ];
    memory.lookups.length = 0;
    for (const token of tried) expect(await keys.authenticate(token, '203.0.113.9')).toBeNull();
    expect(memory.lookups).toEqual(tried.map(tokenDigest));
    expect((await keys.authenticate(live.token, '203.0.113.9'))?.userId).toBe('bob');
    expect(memory.touches).toEqual([{ id: live.key.id, ip: '203.0.113.9' }]);
  });

  it('records the last use at most once a minute, without holding up or failing the request', async () => {
    const { key, token } = await keys.create('ann', body());
    await keys.authenticate(token, '198.51.100.1');
    await settle();
    later(30_000);
    await keys.authenticate(token, '198.51.100.2');
    await settle();
    expect(memory.touches).toEqual([{ id: key.id, ip: '198.51.100.1' }]);
    later(LAST_USED_EVERY_MS);
    await keys.authenticate(token, '198.51.100.3');
    await settle();
    expect((await keys.list('ann'))[0]).toMatchObject({ lastUsedAt: clock.toISOString(), lastUsedIp: '198.51.100.3' });

    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    memory.repo.touch = () => Promise.reject(new Error('database gone'));
    later(LAST_USED_EVERY_MS);
    expect(await keys.authenticate(token, '198.51.100.4')).not.toBeNull();
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(warnings).toEqual([{ err: expect.any(Error), keyId: key.id }]);
  });
});
