import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeS3, type FakeS3 } from '../../test-support/fake-s3.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';
import { createUrlSigner } from './signed-urls.ts';
import { browserUrl, type ObjectStorage } from './storage.ts';

const signer = createUrlSigner('test-secret', () => Date.UTC(2026, 0, 1));
let s3: FakeS3;
let storage: ObjectStorage;
const make = (extra: Partial<S3StorageOptions> = {}) =>
  createS3Storage({
    bucket: 'designs',
    region: 'us-east-1',
    endpoint: s3.url,
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    forcePathStyle: true,
    signer,
    ...extra,
  });

beforeAll(async () => {
  s3 = await fakeS3('designs');
  storage = make();
});
afterAll(() => s3.close());

describe('S3 storage', () => {
  it('writes buffers and streams under the visibility prefix, with their type, and signs every request', async () => {
    const pub = await storage.put('avatar/a.webp', Buffer.from('pub'), {
      contentType: 'image/webp',
      visibility: 'public',
    });
    const priv = await storage.put('base/b.png', Readable.from([Buffer.from('he'), Buffer.from('llo')]), {
      contentType: 'image/png',
      visibility: 'private',
    });
    expect([pub, priv]).toEqual(['public/avatar/a.webp', 'private/base/b.png']);
    expect(s3.objects.get('public/avatar/a.webp')).toMatchObject({ contentType: 'image/webp' });
    expect(s3.objects.get('private/base/b.png')?.body.toString()).toBe('hello');
    // Objects never change, so a CDN may keep public ones for good.
    expect(s3.objects.get('public/avatar/a.webp')?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(s3.requests.filter((r) => r.method === 'PUT').map((r) => r.key)).toEqual([pub, priv]);
    for (const r of s3.requests) expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
  });

  it('reads objects back as streams with type, size and visibility', async () => {
    const object = await storage.getStream('private/base/b.png');
    expect(object).toMatchObject({ contentType: 'image/png', bytes: 5, visibility: 'private' });
    expect(await text(object!.stream)).toBe('hello');
    expect((await storage.get('public/avatar/a.webp'))?.toString()).toBe('pub');
  });

  it('has nothing for missing keys (S3 answers NoSuchKey) and never asks for odd paths', async () => {
    expect(await storage.getStream('private/base/missing.png')).toBeNull();
    expect(await storage.get('private/base/missing.png')).toBeNull();
    const asked = s3.requests.length;
    for (const key of ['../outside.png', 'private//x.png', 'private/./x.png', '']) {
      expect(await storage.getStream(key)).toBeNull();
    }
    expect(s3.requests.length).toBe(asked);
  });

  it('deletes, and deleting again is not an error', async () => {
    await storage.delete('public/avatar/a.webp');
    await storage.delete('public/avatar/a.webp');
    expect(s3.objects.has('public/avatar/a.webp')).toBe(false);
    expect(await storage.getStream('public/avatar/a.webp')).toBeNull();
  });

  it('stores nothing when the stream being written fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('base/broken.png', failing, { contentType: 'image/png', visibility: 'private' }),
    ).rejects.toThrow('client went away');
    expect(s3.objects.has('private/base/broken.png')).toBe(false);
  });

  it('serves everything through the app unless public objects have an address of their own', () => {
    expect(storage.origin).toBeNull();
    expect(browserUrl(storage, 'public/avatar/a.webp', 3600)).toBe('/files/public/avatar/a.webp');
    const signed = new URL(browserUrl(storage, 'private/base/b.png', 3600), 'http://x');
    expect(signed.pathname).toBe('/files/private/base/b.png');
    expect(signer.verify('private/base/b.png', signed.searchParams.get('exp')!, signed.searchParams.get('sig')!)).toBe(
      true,
    );

    const cdn = make({ publicUrl: 'https://cdn.example.com/turing/' });
    expect(cdn.origin).toBe('https://cdn.example.com');
    expect(browserUrl(cdn, 'public/avatar/a.webp', 3600)).toBe('https://cdn.example.com/turing/public/avatar/a.webp');
    // Private objects still need the app's signature, whatever the bucket allows.
    expect(browserUrl(cdn, 'private/base/b.png', 3600)).toMatch(/^\/files\/private\/base\/b\.png\?exp=\d+&sig=/);
  });

  it('fails loudly, rather than reporting a missing object, when the store cannot be reached', async () => {
    const down = make({ endpoint: 'http://127.0.0.1:9' });
    await expect(down.getStream('private/base/b.png')).rejects.toThrow();
  });

  it('refuses half a key pair', () => {
    expect(() => make({ secretAccessKey: undefined })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});
