import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  let current: ReadEntry | null = null;

  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (failed) return;
      failed = err;
      input.destroy();
      gunzip.destroy();
      // The member being read is given up too (with an error: a tar entry destroyed without one
      // never tells its readers it ended), so that its file is closed: only then is the failure
      // told, and the caller may remove the folder it was written to.
      current?.destroy(new Error('the archive could not be read to its end'));
      const settled = () => reject(err instanceof ArchiveError ? err : new ArchiveError(describe(err, file)));
      chain.then(settled, settled);
    };
    input.on('error', fail);
    gunzip.on('error', fail);
    parser.on('error', fail);
    parser.on('entry', (entry: ReadEntry) => {
      const index = seen;
      seen += 1;
      // A member given up may still be handed the rest of its bytes by the parser, which a destroyed
      // stream answers with an error: the archive's failure is already being told.
      entry.on('error', () => {});
      chain = chain.then(async () => {
        current = entry;
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
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let out: Writable;
  if (extractTo) {
    const target = path.resolve(extractTo, expected.name);
    if (!target.startsWith(path.resolve(extractTo) + path.sep))
      throw new ArchiveError(`"${expected.name}" escapes its folder.`);
    await fsp.mkdir(path.dirname(target), { recursive: true }).catch((err: NodeJS.ErrnoException) => {
      throw new ArchiveError(cannotWrite(expected.name, err));
    });
    // The staging folder it goes into is its owner's alone (mkdtemp): the files keep the mode new
    // stored files get, as they are moved into place from there.
    out = fs.createWriteStream(target, { flags: 'wx' });
  } else out = new Writable({ write: (_chunk, _encoding, done) => done() });
  // A failure to write (a full disk, a name taken by another member) fails the restore with its
  // cause; the pipeline closes the file whatever happens.
  await pipeline(entry, measure, out).catch((err: NodeJS.ErrnoException) => {
    throw err instanceof ArchiveError || !extractTo || !err.syscall
      ? err
      : new ArchiveError(cannotWrite(expected.name, err));
  });
  if (bytes !== expected.bytes)
    throw new ArchiveError(
      `"${expected.name}" holds ${bytes} bytes where the manifest says ${expected.bytes}: it is damaged.`,
    );
  if (hash.digest('hex') !== expected.sha256)
    throw new ArchiveError(`"${expected.name}" is damaged: its sha256 is not the one the manifest records.`);
}

/** A member that could not be written where the archive is unpacked: the disk's problem, or the archive's. */
function cannotWrite(name: string, err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOSPC' || err.code === 'EDQUOT')
    return `"${name}" could not be unpacked: the disk is full. Make room beside the data folder (the archive is unpacked there first) and run this again.`;
  if (err.code === 'EEXIST' || err.code === 'EISDIR' || err.code === 'ENOTDIR')
    return `"${name}" collides with another member of the archive (${err.code}): the archive was altered.`;
  return `"${name}" could not be unpacked: ${err.message}`;
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
