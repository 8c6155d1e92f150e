import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { ensureSecretFile } from './secret-file.ts';
import { createUrlSigner } from './signed-urls.ts';

/**
 * The object storage the configuration names (S3 when a bucket is set, else local files), its URL
 * signer and the signer's secret (shared by every node, so others derive their keys from it).
 */
export async function createStorageFromConfig(config: Config) {
  const secret = await ensureSecretFile(config.DATA_DIR, 'file-url-secret', config.FILE_URL_SECRET);
  const signer = createUrlSigner(secret);
  const storage = config.S3_BUCKET
    ? createS3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
        signer,
      })
    : createLocalStorage({ root: config.filesDir, signer });
  return { storage, signer, secret };
}
