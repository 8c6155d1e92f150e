import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { createGeneratedImages, pngSize } from './generated-images.ts';

const png = (width: number, height: number, noise = false) =>
  noise
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 2654435761) >>> 24)), {
        raw: { width, height, channels: 3 },
      })
        .png()
        .toBuffer()
    : sharp({ create: { width, height, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();

/** Storage that keeps what is put; a database whose insert answers with the values it was given. */
function harness() {
  const put: string[] = [];
  const storage = {
    put: async (name: string) => {
      put.push(name);
      return `private/${name}`;
    },
  } as unknown as ObjectStorage;
  const db = {
    insert: () => ({ values: (row: unknown) => ({ returning: async () => [row] }) }),
  } as unknown as Db;
  return { put, images: createGeneratedImages({ db, storage }) };
}

describe('generated images', () => {
  it('reads a PNG’s size from its header and nothing from other bytes', async () => {
    expect(pngSize(await png(640, 360))).toEqual({ width: 640, height: 360 });
    expect(
      pngSize(
        await sharp(await png(8, 8))
          .jpeg()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(pngSize(Buffer.from('not an image'))).toBeNull();
  });

  it('stores a WebP thumbnail beside a result, except for a tiny PNG that is its own', async () => {
    const { put, images } = harness();
    const large = await images.save({ userId: 'u', kind: 'result', png: await png(768, 512, true), taskId: 't' });
    expect(large).toMatchObject({ width: 768, height: 512, thumbKey: expect.stringMatching(/\.thumb\.webp$/) });
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(1);

    const tiny = await images.save({ userId: 'u', kind: 'result', png: await png(8, 8), taskId: 't' });
    expect(tiny).toMatchObject({ width: 8, height: 8, thumbKey: null });
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(1);
  });
});
