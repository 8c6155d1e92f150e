import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { uploads, type UploadRow } from '../../db/schema/index.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { THUMB_EDGE } from './image-processing.ts';
import { smallThumbKey, thumbFiles, webpThumbs } from './thumbnails.ts';

type NewUpload = typeof uploads.$inferInsert;

/** An image whose files are written and whose row is not yet (`record` writes it). */
export interface StoredImage {
  values: NewUpload & { id: string };
  png: Buffer;
  /** Its thumbnail is made once its row exists. */
  thumbLater: boolean;
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
  /** Thumbnails being made after their image was stored (see `store`'s `thumbLater`). */
  const pending = new Set<Promise<void>>();

  /** Whether an image of this size needs a thumbnail of its own (else it is its own thumbnail). */
  const needsThumb = (png: Buffer, size: { width: number; height: number } | null) =>
    !(size !== null && size.width <= THUMB_EDGE && size.height <= THUMB_EDGE && png.length <= OWN_THUMB_MAX_BYTES);

  /**
   * Writes an image's thumbnail, and for a result (`withSmall`: grids show results) the small one
   * for cards about 300 px wide, named after the other; resolves to the key the row records.
   * `name`: the image's name without its extension. `tag` names a thumbnail made apart from its
   * image, so two made at once never share a file.
   */
  const putThumb = async (name: string, png: Buffer, withSmall: boolean, tag = '') => {
    const { large, small } = await webpThumbs(png, pngSize(png), withSmall);
    const file = `${name}${tag}.thumb.webp`;
    const opts = { contentType: 'image/webp', visibility: 'private' } as const;
    const [key] = await Promise.all([
      deps.storage.put(file, large, opts),
      small ? deps.storage.put(smallThumbKey(file)!, small, opts) : null,
    ]);
    return key;
  };

  /**
   * Gives a stored image its thumbnail. The row is only pointed at it while it still has none, so
   * a row swept meanwhile (or thumbnailed by someone else) leaves no file behind.
   */
  async function addThumb(row: { id: string; key: string }, png: Buffer) {
    const name = row.key.replace(/^(public|private)\//, '').replace(/\.png$/, '');
    // Only results get their thumbnails after their row (see `thumbsFollow` and `fillThumbs`).
    const thumbKey = await putThumb(name, png, true, `.${randomUUID().slice(0, 8)}`);
    const [set] = await deps.db
      .update(uploads)
      .set({ thumbKey })
      .where(and(eq(uploads.id, row.id), isNull(uploads.thumbKey)))
      .returning({ id: uploads.id });
    if (!set) await Promise.all(thumbFiles(thumbKey).map((key) => deps.storage.delete(key).catch(() => {})));
  }

  /** Makes the thumbnails of rows that were to get theirs after being written (see `store`). */
  function thumbsFollow(rows: readonly { id: string; key: string }[], stored: readonly StoredImage[]) {
    const later = new Map(stored.filter((s) => s.thumbLater).map((s) => [s.values.id, s.png]));
    for (const row of rows) {
      const png = later.get(row.id);
      if (!png) continue;
      // Never rejects: a thumbnail that fails is made again by `fillThumbs`.
      const made: Promise<void> = addThumb(row, png)
        .catch(() => {})
        .finally(() => pending.delete(made));
      pending.add(made);
    }
  }

  /**
   * Writes an image's files: the original, and its thumbnail while the original is written. With
   * `thumbLater` the thumbnail is made once the row exists (`thumbsFollow`), and until then every
   * list shows the original, as for an image that is its own thumbnail: a finished task waits for
   * nothing it does not show. The row is written by `record`.
   */
  async function store(input: {
    userId: string;
    kind: 'result' | 'line-art';
    png: Buffer;
    taskId?: string;
    /** Orders a task's results as the engine made them. */
    createdAt?: Date;
    thumbLater?: boolean;
  }): Promise<StoredImage> {
    const id = randomUUID();
    const size = pngSize(input.png);
    const thumb = needsThumb(input.png, size);
    const name = `${input.kind}/${month()}/${id}`;
    const [meta, key, thumbKey] = await Promise.all([
      size ?? sharp(input.png).metadata(),
      deps.storage.put(`${name}.png`, input.png, { contentType: 'image/png', visibility: 'private' }),
      thumb && !input.thumbLater ? putThumb(name, input.png, input.kind === 'result') : null,
    ]);
    const values: StoredImage['values'] = {
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
    };
    return { values, png: input.png, thumbLater: thumb && Boolean(input.thumbLater) };
  }

  /** Registers stored images as their owners' uploads, in one statement (on `db`, a transaction's or not). */
  async function record(db: Db, stored: readonly StoredImage[]): Promise<UploadRow[]> {
    if (!stored.length) return [];
    return db
      .insert(uploads)
      .values(stored.map((s) => s.values))
      .returning();
  }

  return {
    store,
    record,
    thumbsFollow,

    /** Stores an image with its thumbnail and registers it. */
    async save(input: Omit<Parameters<typeof store>[0], 'thumbLater'> & { db?: Db }) {
      const stored = await store(input);
      const [row] = await record(input.db ?? deps.db, [stored]);
      return row!;
    },

    /** Resolves once the thumbnails under way are stored (a process stopping waits for them). */
    async settled() {
      while (pending.size) await Promise.all(pending);
    },

    /**
     * Thumbnails that were to follow their image but never came (the process stopped first), for
     * images stored before `before`; resolves to how many were made. Idempotent, so any node may run it.
     */
    async fillThumbs(before: Date, limit = 100) {
      const rows = await deps.db
        .select({ id: uploads.id, key: uploads.key })
        .from(uploads)
        .where(
          and(
            eq(uploads.kind, 'result'),
            isNull(uploads.thumbKey),
            lt(uploads.createdAt, before),
            or(gt(uploads.width, THUMB_EDGE), gt(uploads.height, THUMB_EDGE), gt(uploads.bytes, OWN_THUMB_MAX_BYTES)),
          ),
        )
        .limit(limit);
      let made = 0;
      for (const row of rows) {
        const png = await deps.storage.get(row.key).catch(() => null);
        if (!png) continue;
        await addThumb(row, png);
        made += 1;
      }
      return made;
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
