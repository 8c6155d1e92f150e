import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { imageExt, imageFileName, imageFileStem, imageStep, LIMITS, uniqueFileNames } from '@turing/contract';
import type { UploadRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { DownloadsRepository } from './downloads.repository.ts';

const MB = 1024 * 1024;
/** How far back an upscale of an edit of an upscale… is followed to the image whose words name it. */
const SOURCE_DEPTH = 4;

interface Named {
  upload: UploadRow;
  prompt: string | null;
  title: string | null;
  mode: string | null;
  params: Record<string, unknown> | null;
  index: number | null;
  count: number | null;
}

/** What an image's name is made of, but the name of its source. */
const parts = (row: Named) => ({
  title: row.title,
  prompt: row.prompt,
  createdAt: row.upload.createdAt,
  id: row.upload.id,
  index: row.index,
  count: row.count,
  step: imageStep(row.mode, row.params?.upscale),
});

/** The image an upscale or an edit started from, when the row is one. */
const sourceId = (row: Named) => {
  const base = row.params?.baseImageId;
  return imageStep(row.mode) && typeof base === 'string' ? base : null;
};

/** Downloads of the user's images under readable names: one at a time, or many as a streamed ZIP. */
export function createDownloadsService(deps: {
  downloads: DownloadsRepository;
  storage: ObjectStorage;
  zipMaxBytes?: number;
}) {
  const repo = deps.downloads;
  const zipMaxBytes = deps.zipMaxBytes ?? LIMITS.zipMaxBytes;

  /**
   * The download names of images, in their order. An upscale or an edit carries the name of the
   * image it was made from, so the sources (and theirs) are read first, a generation at a time.
   */
  async function namesOf(userId: string, rows: Named[]): Promise<string[]> {
    const known = new Map<string, Named>(rows.map((row) => [row.upload.id, row]));
    let next = rows;
    for (let depth = 0; depth < SOURCE_DEPTH && next.length > 0; depth++) {
      const wanted = [...new Set(next.map(sourceId).filter((id): id is string => id !== null && !known.has(id)))];
      next = await repo.images(userId, wanted);
      for (const row of next) known.set(row.upload.id, row);
    }
    const stems = new Map<string, string | null>();
    // A source followed no further than SOURCE_DEPTH, or gone, names nothing: the image's own words do.
    const stemOf = (id: string | null, depth: number): string | null => {
      const row = id ? known.get(id) : undefined;
      if (!row || depth > SOURCE_DEPTH) return null;
      if (!stems.has(row.upload.id))
        stems.set(row.upload.id, imageFileStem({ ...parts(row), source: stemOf(sourceId(row), depth + 1) }));
      return stems.get(row.upload.id)!;
    };
    return rows.map((row) =>
      imageFileName({ ...parts(row), source: stemOf(sourceId(row), 1), ext: imageExt(row.upload.key) }),
    );
  }

  return {
    /** One of the user's images as a stream with its download name, or IMAGE_NOT_FOUND. */
    async image(userId: string, uploadId: string) {
      const row = await repo.image(userId, uploadId);
      const object = row ? await deps.storage.getStream(row.upload.key) : null;
      if (!row || !object) throw new AppError('IMAGE_NOT_FOUND');
      const [name] = await namesOf(userId, [row]);
      return { name: name!, ...object };
    },

    /**
     * The chosen folder items as a ZIP of their images, stored uncompressed (images are compressed
     * already), so its exact size is known before the first byte and the browser can show progress.
     * Everything is checked before anything is streamed: an id that is not one of the user's items
     * refuses the whole ZIP, as does a total over the limit. The same image chosen from two folders
     * goes in once; names that repeat are numbered.
     */
    async zip(userId: string, itemIds: string[]) {
      const unique = [...new Set(itemIds)];
      const rows = await repo.items(userId, unique);
      if (rows.length !== unique.length) throw new AppError('IMAGE_NOT_FOUND');
      // In the order they were chosen, each image once.
      const byItem = new Map(rows.map((row) => [row.itemId, row]));
      const seen = new Set<string>();
      const images = unique
        .map((id) => byItem.get(id)!)
        .filter((row) => !seen.has(row.upload.id) && seen.add(row.upload.id));
      const bytes = images.reduce((sum, row) => sum + row.upload.bytes, 0);
      if (bytes > zipMaxBytes) {
        throw new AppError('ZIP_TOO_LARGE', {
          params: { count: images.length, mb: Math.ceil(bytes / MB), maxMb: Math.floor(zipMaxBytes / MB) },
        });
      }
      const names = uniqueFileNames(await namesOf(userId, images));
      const zip = new yazl.ZipFile();
      const output = zip.outputStream as Readable;
      // An image that cannot be read midway (gone from storage) ends the download as a broken
      // transfer the browser reports, never an unhandled error in the server.
      zip.on('error', (err: Error) => output.destroy(err));
      images.forEach((row, i) => {
        // Opened one at a time as the ZIP reaches it, so a hundred images hold one file (or S3 request) open.
        zip.addReadStreamLazy(
          names[i]!,
          { compress: false, size: row.upload.bytes, mtime: row.upload.createdAt, mode: 0o100644 },
          (cb) => {
            const fail = (err: Error) => cb(err, undefined as unknown as NodeJS.ReadableStream);
            deps.storage
              .getStream(row.upload.key)
              .then(
                (object) => (object ? cb(null, object.stream) : fail(new Error(`missing object ${row.upload.key}`))),
                fail,
              );
          },
        );
      });
      // The published types leave out the total the callback is given.
      const end = zip.end.bind(zip) as (options: object, onSize: (total: number) => void) => void;
      const size = await new Promise<number>((resolve) => end({}, resolve));
      return { stream: output, size: size >= 0 ? size : null, count: images.length };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
