import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { uploads, type UploadRow } from '../../db/schema/index.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { THUMB_EDGE, webpThumbOf } from './image-processing.ts';

export async function webpThumb(image: Buffer) {
  return webpThumbOf(sharp(image)).toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * A PNG this small that already fits the thumbnail's edge is its own thumbnail: a WebP of the same
 * pixels would save a few kilobytes at the cost of an encode and a second file.
 */
const OWN_THUMB_MAX_BYTES = 32 * 1024;

/** Width and height from a PNG's header (its first chunk), without decoding it; null if it is not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Where a result stands among its task's results (0 for the first the engine made), as a column
 * of a query over `uploads`: results are ordered by creation time, then id, as `resultsOf` lists them.
 */
export const resultIndexSql = sql<number | null>`(
  select count(*)::int from uploads r
  where r.task_id = ${uploads.taskId} and r.kind = 'result'
    and (r.created_at, r.id) < (${uploads.createdAt}, ${uploads.id}))`;

/**
 * Images the product makes itself (results, previews, extracted line art): stored with a
 * thumbnail before anything points at them, and registered as the user's uploads so they can be
 * used as the next base image.
 */
export function createGeneratedImages(deps: { db: Db; storage: ObjectStorage }) {
  const month = () => new Date().toISOString().slice(0, 7).replace('-', '/');
  return {
    async save(input: {
      userId: string;
      kind: 'result' | 'line-art';
      png: Buffer;
      taskId?: string;
      /** Orders a task's results as the engine made them. */
      createdAt?: Date;
      db?: Db;
    }) {
      const id = randomUUID();
      const size = pngSize(input.png);
      const ownThumb =
        size !== null &&
        size.width <= THUMB_EDGE &&
        size.height <= THUMB_EDGE &&
        input.png.length <= OWN_THUMB_MAX_BYTES;
      // The original is written while its thumbnail is encoded.
      const [meta, key, thumbKey] = await Promise.all([
        size ?? sharp(input.png).metadata(),
        deps.storage.put(`${input.kind}/${month()}/${id}.png`, input.png, {
          contentType: 'image/png',
          visibility: 'private',
        }),
        ownThumb
          ? null
          : webpThumb(input.png).then((thumb) =>
              deps.storage.put(`${input.kind}/${month()}/${id}.thumb.webp`, thumb, {
                contentType: 'image/webp',
                visibility: 'private',
              }),
            ),
      ]);
      const [row] = await (input.db ?? deps.db)
        .insert(uploads)
        .values({
          id,
          userId: input.userId,
          kind: input.kind,
          key,
          thumbKey,
          mime: 'image/png',
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          bytes: input.png.length,
          contentHash: createHash('sha256').update(input.png).digest('hex'),
          taskId: input.taskId,
          ...(input.createdAt && { createdAt: input.createdAt }),
        })
        .returning();
      return row!;
    },

    /** A small progress preview: stored privately, replaced by the next one. */
    async savePreview(taskId: string, image: Buffer) {
      const body = await sharp(image).resize(512, 512, { fit: 'inside' }).webp({ quality: 70 }).toBuffer();
      return deps.storage.put(`preview/${taskId}/${randomUUID()}.webp`, body, {
        contentType: 'image/webp',
        visibility: 'private',
      });
    },

    /** Progress previews are only shown while a task runs. */
    dropPreview: (key: string) => deps.storage.delete(key).catch(() => {}),

    resultsOf: (taskIds: string[], db: Db = deps.db) =>
      taskIds.length
        ? db
            .select()
            .from(uploads)
            .where(and(inArray(uploads.taskId, taskIds), eq(uploads.kind, 'result')))
            .orderBy(asc(uploads.createdAt), asc(uploads.id))
        : Promise.resolve([] as UploadRow[]),

    /** Where a result stands among its task's results (see `resultIndexSql`). */
    async indexOf(uploadId: string, db: Db = deps.db) {
      const [row] = await db.select({ index: resultIndexSql }).from(uploads).where(eq(uploads.id, uploadId));
      return Number(row?.index ?? 0);
    },

    async read(row: UploadRow) {
      return deps.storage.get(row.key);
    },
  };
}
export type GeneratedImages = ReturnType<typeof createGeneratedImages>;
