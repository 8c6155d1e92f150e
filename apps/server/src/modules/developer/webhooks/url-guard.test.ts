import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isForbiddenAddress, systemResolver, vetWebhookUrl, type ResolvedAddress } from './url-guard.ts';
import { newSigningSecret, signedHeaders, taskMessageId } from './signing.ts';
import { retryAfterSeconds } from './deliver-client.ts';

// The URL guard without a network: names resolve through a fake resolver.
const resolver = (table: Record<string, string[]>) => async (host: string) => {
  const list = table[host];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const dns = resolver({
  'hooks.example.com': ['93.184.215.14'],
  'loopback.attacker.test': ['127.0.0.1'],
  'private.attacker.test': ['10.0.0.1'],
  'metadata.attacker.test': ['169.254.169.254'],
  'v6.attacker.test': ['::1'],
  'mixed.attacker.test': ['93.184.215.14', '192.168.1.10'],
});
const production = { production: true, allowPrivate: false, resolve: dns };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string }) => err.code,
  );

describe('webhook URL guard', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[64:ff9b::a00:1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    // Teredo (the whole /32), documentation, local-use NAT64 (whatever it translates to), SRv6 SIDs.
    'https://[2001::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
    'https://[2001:db8::1]/hook',
    'https://[3fff::1]/hook',
    'https://[3fff:fff:ffff::1]/hook',
    'https://[64:ff9b:1::8.8.8.8]/hook',
    'https://[64:ff9b:1:ffff::1]/hook',
    'https://[5f00::1]/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://198.18.0.1/hook',
    'https://240.0.0.1/hook',
    'https://224.0.0.1/hook',
    'https://172.20.1.1/hook',
    'https://192.168.0.1/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://loopback.attacker.test/hook',
    'https://private.attacker.test/hook',
    'https://metadata.attacker.test/hook',
    'https://v6.attacker.test/hook',
    'https://mixed.attacker.test/hook',
  ])('refuses %s in production', async (url) => {
    expect(await codeOf(vetWebhookUrl(url, production))).toBe('WEBHOOK_URL_FORBIDDEN');
  });

  it('lets a public address through, with the addresses to connect to', async () => {
    const vetted = await vetWebhookUrl('https://hooks.example.com/turing?x=1', production);
    expect(vetted.url.href).toBe('https://hooks.example.com/turing?x=1');
    expect(vetted.addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(isForbiddenAddress('2606:4700::6810:85e5')).toBe(false);
    // Next to the refused ranges, still public.
    expect(isForbiddenAddress('2001:4860:4860::8888')).toBe(false);
    expect(isForbiddenAddress('3fff:1000::1')).toBe(false);
    expect(isForbiddenAddress('64:ff9b::808:808')).toBe(false);
  });

  it('wants https in production, and no credentials, a known scheme or an unknown name anywhere', async () => {
    expect(await codeOf(vetWebhookUrl('http://hooks.example.com/', production))).toBe('WEBHOOK_URL_INVALID');
    expect(await codeOf(vetWebhookUrl('http://hooks.example.com/', { ...production, production: false }))).toBe('ok');
    expect(await codeOf(vetWebhookUrl('https://user:pw@hooks.example.com/', production))).toBe('WEBHOOK_URL_INVALID');
    expect(await codeOf(vetWebhookUrl('ftp://hooks.example.com/', production))).toBe('WEBHOOK_URL_INVALID');
    expect(await codeOf(vetWebhookUrl('https://nowhere.invalid/', production))).toBe('WEBHOOK_URL_INVALID');
  });

  it('allows private receivers only when told to (outside production)', async () => {
    const open = { production: false, allowPrivate: true, resolve: dns };
    expect(await codeOf(vetWebhookUrl('http://127.0.0.1:8080/hook', open))).toBe('ok');
    expect(await codeOf(vetWebhookUrl('http://loopback.attacker.test/hook', open))).toBe('ok');
  });
});

describe('the system resolver', () => {
  /** A name server that hears every question and answers none. */
  async function silentServer() {
    const socket = dgram.createSocket('udp4');
    let asked = 0;
    socket.on('message', () => (asked += 1));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return {
      servers: [`127.0.0.1:${(socket.address() as AddressInfo).port}`],
      asked: () => asked,
      close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
    };
  }

  it('answers localhost with the loopback addresses without asking, which the guard refuses', async () => {
    const silent = await silentServer();
    try {
      const resolve = systemResolver({ timeoutMs: 200, servers: silent.servers });
      expect(await resolve('localhost')).toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
      expect(await resolve('api.LOCALHOST.')).toHaveLength(2);
      expect(await codeOf(vetWebhookUrl('https://localhost:8443/hook', { ...production, resolve }))).toBe(
        'WEBHOOK_URL_FORBIDDEN',
      );
      // A literal address is never looked up.
      expect(await codeOf(vetWebhookUrl('https://[2606:4700::1]/hook', { ...production, resolve }))).toBe('ok');
      expect(silent.asked()).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it('gives up at its deadline, its wait for a turn included', async () => {
    const silent = await silentServer();
    try {
      const resolve = systemResolver({ timeoutMs: 300, maxConcurrent: 1, servers: silent.servers });
      const started = Date.now();
      const [first, second] = await Promise.all([
        resolve('hooks.example.com').then(
          () => 'ok',
          (err: { code?: string }) => err.code,
        ),
        // Waits for the first's place, and is given up on by its own deadline all the same.
        resolve('other.example.com').then(
          () => 'ok',
          (err: { code?: string }) => err.code,
        ),
      ]);
      expect([first, second]).toEqual(['ETIMEOUT', 'ETIMEOUT']);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(silent.asked()).toBeGreaterThan(0);
      const guarded = vetWebhookUrl('https://hooks.example.com/', { ...production, resolve });
      await expect(guarded).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID', details: { lookup: 'timeout' } });
    } finally {
      await silent.close();
    }
  });
});

describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'task.completed', data: { taskId: 't' } });
  const now = new Date();

  it('verify with the Standard Webhooks library', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signedHeaders({ secret, previousSecret: null, previousSecretUntil: null }, 'msg_1', body, now);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it('carry both signatures while a rotation overlaps, one after', () => {
    const [oldSecret, newSecret] = [newSigningSecret(), newSigningSecret()];
    const overlap = {
      secret: newSecret,
      previousSecret: oldSecret,
      previousSecretUntil: new Date(now.getTime() + 1000),
    };
    const headers = signedHeaders(overlap, 'msg_2', body, now);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toBeTruthy();
    expect(new Webhook(newSecret).verify(body, headers)).toBeTruthy();
    const after = signedHeaders({ ...overlap, previousSecretUntil: new Date(now.getTime() - 1) }, 'msg_2', body, now);
    expect(() => new Webhook(oldSecret).verify(body, after)).toThrow();
  });

  it('name one change of a task the same each time, a later change to the same state differently', () => {
    // `seq` as the change left the task: the same change reported twice is one message.
    expect(taskMessageId('a', 'task.queued', 3)).toBe(taskMessageId('a', 'task.queued', 3));
    expect(taskMessageId('a', 'task.queued', 7)).not.toBe(taskMessageId('a', 'task.queued', 3));
    expect(taskMessageId('a', 'task.queued', 3)).toMatch(/^msg_[\w-]{24}$/);
  });

  it('read Retry-After as seconds or a date', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(new Date(now.getTime() + 60_000).toUTCString(), now)).toBeGreaterThanOrEqual(59);
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});
