import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LOCAL_FILES_PATH } from './local.ts';
import type { UrlSigner } from './signed-urls.ts';
import { contentTypeOf, isSafeKey, objectKey, visibilityOf, type ObjectStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, OSS, COS…); AWS itself when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where browsers load public objects from (the bucket's public address or a CDN in front of it). */
  publicUrl?: string;
  signer: UrlSigner;
}

/**
 * An S3-compatible bucket. Public objects are loaded from `publicUrl` when there is one (the bucket
 * must then allow anonymous reads of `public/*`), else streamed by the app under /files like local
 * files.
 *
 * Private objects are always streamed by the app behind its own signed /files URLs rather than
 * presigned bucket URLs: cache headers, the Content-Security-Policy and URL expiry stay in one
 * place for both storages, the URLs stay stable for an hour (presigned ones change with every
 * signature), and it works with any S3 implementation, whatever its presigning quirks. The cost is
 * that private bytes pass through an API node.
 */
export function createS3Storage(opts: S3StorageOptions): ObjectStorage {
  if (Boolean(opts.accessKeyId) !== Boolean(opts.secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    // Without keys the SDK's usual chain applies (environment, instance or task role).
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Many S3-compatible stores reject the checksum headers newer SDKs add by default; AWS itself
    // keeps them.
    ...(opts.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A store that stops answering must not hold uploads and image requests for ever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const Bucket = opts.bucket;
  const publicBase = opts.publicUrl?.replace(/\/+$/, '');

  const getStream: ObjectStorage['getStream'] = async (key) => {
    if (!isSafeKey(key)) return null;
    let res;
    try {
      res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
    return {
      stream: res.Body,
      contentType: res.ContentType ?? contentTypeOf(key),
      bytes: res.ContentLength ?? 0,
      visibility: visibilityOf(key),
    };
  };

  return {
    kind: 's3',
    origin: publicBase ? new URL(publicBase).origin : null,
    async put(name, body, { contentType, visibility }) {
      const key = objectKey(visibility, name);
      // A plain PutObject needs the length up front. Stored images are a few MB at most, so a
      // stream is gathered first rather than sent as a multipart upload.
      const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          // Keys hold a fresh id, so an object never changes: caches in front of the bucket may keep it.
          CacheControl: visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
        }),
      );
      return key;
    },
    getStream,
    async get(key) {
      const object = await getStream(key);
      return object ? buffer(object.stream) : null;
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible stores answer 404.
        if (!isMissing(err)) throw err;
      }
    },
    url: (key) => (publicBase ? `${publicBase}/${key}` : `${LOCAL_FILES_PATH}${key}`),
    signedUrl: (key, ttlSeconds, scope) => `${LOCAL_FILES_PATH}${key}?${opts.signer.sign(key, ttlSeconds, scope)}`,
  };
}

/** Keys the app writes: no empty, `.` or `..` segments, so /files never reaches odd bucket paths. */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
