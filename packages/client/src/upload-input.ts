/** What can be uploaded: a file's path, its bytes, or a Blob (a File keeps its name). */
export type UploadInput = string | Uint8Array | Blob;

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The image type from the first bytes, for bytes given without a type or a telling name. */
function sniff(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const typeOfName = (name: string) => TYPES[name.split('.').pop()?.toLowerCase() ?? ''];

export async function toBlob(
  input: UploadInput,
  o: { filename?: string; contentType?: string },
): Promise<{ blob: Blob; filename: string }> {
  if (typeof input === 'string') {
    // Loaded only here, so the rest of the client also runs where there is no file system.
    const { readFile } = await import('node:fs/promises');
    const { basename } = await import('node:path');
    const bytes = new Uint8Array(await readFile(input));
    const filename = o.filename ?? basename(input);
    const type = o.contentType ?? typeOfName(filename) ?? sniff(bytes) ?? 'application/octet-stream';
    return { blob: new Blob([bytes], { type }), filename };
  }
  if (input instanceof Uint8Array) {
    const type = o.contentType ?? (o.filename && typeOfName(o.filename)) ?? sniff(input) ?? 'application/octet-stream';
    const filename = o.filename ?? `image.${type === 'image/jpeg' ? 'jpg' : 'png'}`;
    return { blob: new Blob([new Uint8Array(input)], { type }), filename };
  }
  const named = (input as { name?: unknown }).name;
  return { blob: input, filename: o.filename ?? (typeof named === 'string' && named ? named : 'image.png') };
}
