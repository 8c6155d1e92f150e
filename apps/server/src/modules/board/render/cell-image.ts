import sharp from 'sharp';
import { AppError } from '../../../shared/app-error.ts';
import type { ObjectStorage } from '../../../storage/storage.ts';

/** What a renderer needs of an image: where it is stored and its size. */
export interface BoardSource {
  id: string;
  key: string;
  width: number;
  height: number;
}

export interface CellPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** Larger than any image the product stores (uploads are capped far below), refused rather than decoded. */
const MAX_INPUT_PIXELS = 120_000_000;

/**
 * One image made ready for its cell, read from storage as a stream and never held decoded beyond
 * this call: for a PDF, a JPEG of at most the cell's pixels at the board's resolution (never
 * enlarged: the PDF scales it, so a small image costs no bytes); for a PNG page, exactly the cell's
 * pixels, losslessly compressed until the page is composed. Transparency is flattened onto the
 * board's white.
 */
export async function cellPicture(
  storage: ObjectStorage,
  source: BoardSource,
  target: { width: number; height: number },
  format: 'jpeg' | 'png',
): Promise<CellPicture> {
  const object = await storage.getStream(source.key);
  if (!object) throw new AppError('IMAGE_NOT_FOUND');
  const pipeline = sharp({ limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
    .rotate()
    .resize(
      target.width,
      target.height,
      format === 'jpeg' ? { fit: 'inside', withoutEnlargement: true } : { fit: 'fill' },
    )
    .flatten({ background: '#ffffff' });
  // 4:4:4 keeps the thin lines of drawings and plans crisp, where photos alone would do with 4:2:0.
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
      : pipeline.png({ compressionLevel: 1 });
  object.stream.on('error', (err) => encoded.destroy(err));
  object.stream.pipe(encoded);
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
