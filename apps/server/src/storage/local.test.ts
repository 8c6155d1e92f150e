import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { createUrlSigner } from './signed-urls.ts';
import { browserUrl, visibilityOf } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const signer = createUrlSigner('test-secret', () => Date.UTC(2026, 0, 1));
const storage = createLocalStorage({ root, signer });

describe('local storage', () => {
  it('records the visibility chosen at put time in the key', async () => {
    const pub = await storage.put('avatar/a.webp', Buffer.from('pub'), {
      contentType: 'image/webp',
      visibility: 'public',
    });
    const priv = await storage.put('support/b.png', Buffer.from('priv'), {
      contentType: 'image/png',
      visibility: 'private',
    });
    expect(pub).toBe('public/avatar/a.webp');
    expect(priv).toBe('private/support/b.png');
    expect(visibilityOf(pub)).toBe('public');
    expect(visibilityOf(priv)).toBe('private');
    expect(storage.origin).toBeNull();
  });

  it('writes buffers and streams and reads them back as streams with their type and size', async () => {
    const key = await storage.put('base/c.png', Readable.from([Buffer.from('he'), Buffer.from('llo')]), {
      contentType: 'image/png',
      visibility: 'private',
    });
    const object = await storage.getStream(key);
    expect(object).toMatchObject({ contentType: 'image/png', bytes: 5, visibility: 'private' });
    expect(await text(object!.stream)).toBe('hello');
    expect((await storage.get(key))?.toString()).toBe('hello');
    // No half-written file is left beside it.
    expect(fs.readdirSync(path.join(root, 'private/base'))).toEqual(['c.png']);
  });

  it('writes a buffer again after its directory was removed meanwhile', async () => {
    const first = await storage.put('result/2026/01/a.png', Buffer.from('one'), {
      contentType: 'image/png',
      visibility: 'private',
    });
    fs.rmSync(path.join(root, 'private/result'), { recursive: true });
    const second = await storage.put('result/2026/01/b.png', Buffer.from('two'), {
      contentType: 'image/png',
      visibility: 'private',
    });
    expect((await storage.get(second))?.toString()).toBe('two');
    expect(await storage.get(first)).toBeNull();
    expect(fs.readdirSync(path.join(root, 'private/result/2026/01'))).toEqual(['b.png']);
  });

  it('writes a buffer too large to write at once as a stream, whole', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    const key = await storage.put('result/2026/01/big.png', big, { contentType: 'image/png', visibility: 'private' });
    expect((await storage.get(key))?.equals(big)).toBe(true);
    expect(fs.readdirSync(path.join(root, 'private/result/2026/01')).sort()).toEqual(['b.png', 'big.png']);
  });

  it('leaves nothing behind when a stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('base/broken.png', failing, { contentType: 'image/png', visibility: 'private' }),
    ).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, 'private/base'))).toEqual(['c.png']);
  });

  it('gives public objects a plain URL and private ones a signed, expiring one', async () => {
    expect(browserUrl(storage, 'public/avatar/a.webp', 3600)).toBe('/files/public/avatar/a.webp');
    const signed = new URL(browserUrl(storage, 'private/support/b.png', 3600), 'http://x');
    expect(signed.pathname).toBe('/files/private/support/b.png');
    const [exp, sig] = [signed.searchParams.get('exp')!, signed.searchParams.get('sig')!];
    expect(signer.verify('private/support/b.png', exp, sig)).toBe(true);
    expect(signer.verify('private/support/other.png', exp, sig)).toBe(false);
  });

  it('has nothing for missing keys, half-written files and keys outside its folder', async () => {
    fs.writeFileSync(path.join(root, 'private/base/d.png.1.tmp'), 'partial');
    expect(await storage.getStream('private/base/missing.png')).toBeNull();
    expect(await storage.getStream('private/base/d.png.1.tmp')).toBeNull();
    expect(await storage.getStream('private/base')).toBeNull();
    expect(await storage.getStream('../outside.png')).toBeNull();
    expect(await storage.get('../outside.png')).toBeNull();
  });

  it('deletes, and deleting again is not an error', async () => {
    await storage.delete('public/avatar/a.webp');
    await storage.delete('public/avatar/a.webp');
    expect(await storage.getStream('public/avatar/a.webp')).toBeNull();
  });

  it('keeps objects stored before visibility was recorded reachable', () => {
    expect(visibilityOf('avatar/2025/01/old.webp')).toBe('public');
    expect(visibilityOf('support/2025/01/old.png')).toBe('private');
  });
});
