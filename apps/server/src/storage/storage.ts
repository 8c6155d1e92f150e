/** Where images live. The local folder is the default; an S3-compatible store plugs in here. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The URL a browser uses to load the object. */
  url(key: string): string;
}
