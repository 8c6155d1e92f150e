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

/**
 * Storage that keeps what is put; a database whose insert answers with the values it was given,
 * and whose update of a thumbnail finds its row while `rowsExist` says so.
 */
function harness() {
  const put: string[] = [];
  const deleted: string[] = [];
  const updated: unknown[] = [];
  const state = { rowsExist: true };
  const storage = {
    put: async (name: string) => {
      put.push(name);
      return `private/${name}`;
    },
    delete: async (key: string) => {
      deleted.push(key);
    },
  } as unknown as ObjectStorage;
  const db = {
    insert: () => ({ values: (rows: unknown[]) => ({ returning: async () => rows }) }),
    update: () => ({
      set: (values: unknown) => ({
        where: () => ({
          returning: async () => {
            if (!state.rowsExist) return [];
            updated.push(values);
            return [{ id: 'x' }];
          },
        }),
      }),
    }),
  } as unknown as Db;
  return { put, deleted, updated, state, images: createGeneratedImages({ db, storage }) };
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
    // With its small twin for narrow cards, named after it.
    expect(put.filter((k) => k.endsWith('.thumb-320.webp'))).toEqual([
      large.thumbKey!.replace(/^private\//, '').replace(/\.thumb\.webp$/, '.thumb-320.webp'),
    ]);

    const tiny = await images.save({ userId: 'u', kind: 'result', png: await png(8, 8), taskId: 't' });
    expect(tiny).toMatchObject({ width: 8, height: 8, thumbKey: null });
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(1);
  });

  it('gives a result its thumbnail after its row when asked to, and leaves no file for a row gone meanwhile', async () => {
    const { put, deleted, updated, state, images } = harness();
    const stored = await Promise.all(
      [1, 2].map(async () =>
        images.store({ userId: 'u', kind: 'result', png: await png(768, 512, true), taskId: 't', thumbLater: true }),
      ),
    );
    // Only the originals so far: the rows point at no thumbnail.
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(0);
    const rows = await images.record(
      { insert: () => ({ values: (v: unknown[]) => ({ returning: async () => v }) }) } as unknown as Db,
      stored,
    );
    expect(rows.map((r) => r.thumbKey)).toEqual([null, null]);

    images.thumbsFollow([rows[0]!], stored);
    await images.settled();
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(1);
    expect(updated).toEqual([{ thumbKey: expect.stringMatching(/^private\/result\/.*\.thumb\.webp$/) }]);
    expect(deleted).toEqual([]);

    // The row was swept before its thumbnail was stored: both thumbnails go too.
    state.rowsExist = false;
    images.thumbsFollow([rows[1]!], stored);
    await images.settled();
    expect(put.filter((k) => k.endsWith('.thumb.webp'))).toHaveLength(2);
    const gone = put.at(-1)!.replace(/\.thumb(-320)?\.webp$/, '');
    expect(deleted.sort()).toEqual([`private/${gone}.thumb-320.webp`, `private/${gone}.thumb.webp`]);
  });
});
