import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  MANIFEST_MAX_BYTES,
  MANIFEST_NAME,
  manifestSchema,
  type Manifest,
} from './manifest.ts';

/** An archive refused: the message names the problem, for the operator. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export interface ReadOptions {
  /**
   * Told the manifest as soon as it is read, before any other member: throwing refuses the archive
   * there (a database of the wrong kind), without reading the rest.
   */
  accept?: (manifest: Manifest) => void;
  /** Where the members are written, each under its own name; without it they are only checked. */
  extractTo?: string;
}

/**
 * Reads a whole archive and checks it against its manifest: the manifest first, then every member
 * it lists, in its order, with its size and sha256, and nothing else. Resolves to the manifest;
 * anything else is an ArchiveError saying what is wrong (not an archive, not ours, cut short,
 * damaged). Members are written to `extractTo` as they are checked: only once this resolves may
 * anything be done with them.
 */
export async function readArchive(file: string, opts: ReadOptions = {}): Promise<Manifest> {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const parser = new Parser({ strict: true });
  let manifest: Manifest | null = null;
  let seen = 0;
  let chain = Promise.resolve();
  let failed: unknown = null;

  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (failed) return;
      failed = err;
      input.destroy();
      gunzip.destroy();
      reject(err instanceof ArchiveError ? err : new ArchiveError(describe(err, file)));
    };
    input.on('error', fail);
    gunzip.on('error', fail);
    parser.on('error', fail);
    parser.on('entry', (entry: ReadEntry) => {
      const index = seen;
      seen += 1;
      chain = chain.then(async () => {
        if (failed) {
          entry.resume();
          return;
        }
        if (index === 0) {
          manifest = await readManifest(entry);
          opts.accept?.(manifest);
        } else await readMember(entry, index, manifest!, opts.extractTo);
      });
      chain.catch(fail);
    });
    parser.on('end', () => {
      chain
        .then(() => {
          if (!manifest) throw new ArchiveError('The archive is empty: it holds no manifest.json.');
          if (seen - 1 < manifest.members.length)
            throw new ArchiveError(
              `The archive ends after ${seen - 1} of the ${manifest.members.length} members its manifest lists: it is incomplete (cut short while it was written or copied).`,
            );
          resolve();
        })
        .catch(fail);
    });
    input.pipe(gunzip).pipe(parser);
  });
  await done;
  return manifest!;
}

async function readManifest(entry: ReadEntry): Promise<Manifest> {
  if (entry.path !== MANIFEST_NAME || entry.type !== 'File') {
    entry.resume();
    throw new ArchiveError(
      `This is not a Turing Design backup: it does not begin with ${MANIFEST_NAME} (its first member is "${entry.path}").`,
    );
  }
  if ((entry.size ?? 0) > MANIFEST_MAX_BYTES) {
    entry.resume();
    throw new ArchiveError(`Its ${MANIFEST_NAME} is too large to be a backup manifest (${entry.size} bytes).`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  let data: unknown;
  try {
    data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveError(`This is not a Turing Design backup: its ${MANIFEST_NAME} is not JSON.`);
  }
  const header = data as { format?: unknown; formatVersion?: unknown };
  if (header?.format !== ARCHIVE_FORMAT)
    throw new ArchiveError(
      `This is not a Turing Design backup: its ${MANIFEST_NAME} names no "${ARCHIVE_FORMAT}" format.`,
    );
  if (typeof header.formatVersion === 'number' && header.formatVersion > ARCHIVE_VERSION)
    throw new ArchiveError(
      `This backup was made by a newer version of Turing Design (archive format ${header.formatVersion}; this one reads format ${ARCHIVE_VERSION}): restore it with that version.`,
    );
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ArchiveError(
      `Its ${MANIFEST_NAME} is damaged: ${issue.path.join('.') || 'the manifest'}: ${issue.message}.`,
    );
  }
  return parsed.data;
}

async function readMember(entry: ReadEntry, index: number, manifest: Manifest, extractTo?: string) {
  const expected = manifest.members[index - 1];
  if (!expected) {
    entry.resume();
    throw new ArchiveError(`"${entry.path}" is not in the archive's manifest: the archive was altered.`);
  }
  if (entry.path !== expected.name || entry.type !== 'File') {
    entry.resume();
    throw new ArchiveError(
      `Member ${index} is "${entry.path}" (${entry.type}) where the manifest lists the file "${expected.name}": the archive was altered.`,
    );
  }
  const hash = createHash('sha256');
  let bytes = 0;
  let out: fs.WriteStream | null = null;
  if (extractTo) {
    const target = path.resolve(extractTo, expected.name);
    if (!target.startsWith(path.resolve(extractTo) + path.sep))
      throw new ArchiveError(`"${expected.name}" escapes its folder.`);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    out = fs.createWriteStream(target, { flags: 'wx' });
  }
  try {
    for await (const chunk of entry) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
      if (out && !out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    if (out)
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  if (bytes !== expected.bytes)
    throw new ArchiveError(
      `"${expected.name}" holds ${bytes} bytes where the manifest says ${expected.bytes}: it is damaged.`,
    );
  if (hash.digest('hex') !== expected.sha256)
    throw new ArchiveError(`"${expected.name}" is damaged: its sha256 is not the one the manifest records.`);
}

/** What a failure of the file, the decompression or the tar reader means to the operator. */
function describe(err: unknown, file: string): string {
  const e = err as NodeJS.ErrnoException & { tarCode?: string };
  if (e.code === 'ENOENT') return `There is no file ${file}.`;
  if (e.code === 'EISDIR') return `${file} is a folder, not an archive.`;
  if (e.code === 'Z_DATA_ERROR' || e.errno === zlib.constants.Z_DATA_ERROR)
    return 'This is not a Turing Design backup: it is not gzip-compressed data (or its compressed data is damaged).';
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message ?? ''))
    return 'The archive is incomplete: its compressed data ends early (cut short while it was written or copied).';
  const tar = `${e.code ?? ''} ${e.tarCode ?? ''} ${e.message ?? ''}`;
  if (/Truncated/.test(tar)) return 'The archive is incomplete: its last member is cut short.';
  if (/TAR_BAD_ARCHIVE|TAR_ENTRY_INVALID|Unrecognized archive format/.test(tar))
    return 'This is not a Turing Design backup: it is not a tar archive.';
  return `The archive cannot be read: ${e.message ?? String(err)}`;
}
