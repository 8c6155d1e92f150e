import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveError, readArchive } from './archive-read.ts';
import { stageArchive, writeArchiveFile } from './archive-write.ts';
import type { DumpSource } from './database-dump.ts';
import { manifestSchema, shippedMigrations, type Manifest } from './manifest.ts';
import { restoreArchive, type PostgresTools } from './restore.ts';

// The restore's own rules, on archives made here: no database is dumped or loaded.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-restore-rules-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Every file under `root` with its content: what a restore must leave alone when it fails. */
function snapshot(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(root, file)] = fs.readFileSync(file, 'utf8');
    }
  return out;
}

/** One ustar header block: enough of the format for a tar reader, written by hand so that an
 * archive can hold what no folder on disk can (two members of one name, a file and a folder of one). */
function tarHeader(name: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => block.write(value, offset, length, 'latin1');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, 0);
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 8, 'ustar\u000000');
  let sum = 0;
  for (const byte of block) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** A gzip-compressed tar of `members` in their order, after a manifest that lists them all as they are. */
function handMade(name: string, members: [string, string][], edit: (m: Manifest) => void = () => {}): string {
  const manifest: Manifest = {
    format: 'turing-design-backup',
    formatVersion: 1,
    product: { name: 'Turing Design', version: '1.0.0' },
    createdAt: '2026-03-01T03:30:00.000Z',
    database: {
      kind: 'pglite',
      serverVersion: 'PostgreSQL 17 (PGlite)',
      dump: 'database.pglite.tar',
      migrations: shippedMigrations(),
    },
    files: { storage: 'local', included: true, count: members.length - 1, bytes: 0 },
    members: members.map(([member, content]) => ({
      name: member,
      bytes: Buffer.byteLength(content),
      sha256: sha256(content),
    })),
  };
  edit(manifest);
  const blocks: Buffer[] = [];
  for (const [member, content] of [['manifest.json', JSON.stringify(manifest)] as const, ...members]) {
    const data = Buffer.from(content);
    blocks.push(tarHeader(member, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const file = path.join(dir, name);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(blocks)));
  return file;
}

const empty = () => ({ dataDir: path.join(dir, 'target'), databaseUrl: null, storage: 'local' as const });

describe('the manifest', () => {
  const valid = () =>
    ({
      format: 'turing-design-backup',
      formatVersion: 1,
      product: { name: 'Turing Design', version: '1.0.0' },
      createdAt: '2026-03-01T03:30:00.000Z',
      database: {
        kind: 'pglite',
        serverVersion: 'x',
        dump: 'database.pglite.tar',
        migrations: { applied: 1, last: null },
      },
      files: { storage: 'local', included: true, count: 1, bytes: 1 },
      members: [
        { name: 'database.pglite.tar', bytes: 1, sha256: 'a'.repeat(64) },
        { name: 'files/private/a.png', bytes: 1, sha256: 'b'.repeat(64) },
      ],
    }) satisfies Manifest;

  it('names every member once, the database dump among them', () => {
    expect(manifestSchema.safeParse(valid()).success).toBe(true);
    const twice = valid();
    twice.members.push({ ...twice.members[1]! });
    expect(manifestSchema.safeParse(twice).error?.issues).toEqual([
      expect.objectContaining({ path: ['members', 2, 'name'], message: '"files/private/a.png" is listed twice' }),
    ]);
    const noDump = valid();
    noDump.members.shift();
    expect(manifestSchema.safeParse(noDump).error?.issues).toEqual([
      expect.objectContaining({ path: ['members'], message: 'the database dump is not among the members' }),
    ]);
  });
});

describe('extracting an archive', () => {
  it('refuses one with a member named twice, before writing anything, and leaves no staging folder', async () => {
    const file = handMade('twice.tar.gz', [
      ['database.pglite.tar', 'a dump'],
      ['files/private/a.png', 'first'],
      ['files/private/a.png', 'second'],
    ]);
    await expect(restoreArchive(file, empty(), { force: false })).rejects.toThrow(
      /manifest\.json is damaged: members\.2\.name: "files\/private\/a\.png" is listed twice/,
    );
    expect(fs.existsSync(empty().dataDir)).toBe(false);

    // Into a data folder that holds a product: it is left as it was, with no staging folder in it.
    const target = { ...empty(), dataDir: path.join(dir, 'full') };
    fs.mkdirSync(path.join(target.dataDir, 'files', 'private'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'files', 'private', 'old.png'), 'old');
    await expect(restoreArchive(file, target, { force: true })).rejects.toThrow(ArchiveError);
    expect(fs.readdirSync(target.dataDir)).toEqual(['files']);
    expect(snapshot(target.dataDir)).toEqual({ 'files/private/old.png': 'old' });
  });

  it('turns a member that cannot be written into a refusal, with its file closed and the staging folder gone', async () => {
    // Each name once, but the second is a file where the first made a folder: the write itself fails.
    const file = handMade('collide.tar.gz', [
      ['database.pglite.tar', 'a dump'],
      ['files/private/a.png/b.png', 'inside'],
      ['files/private/a.png', 'over the folder'],
    ]);
    await expect(restoreArchive(file, empty(), { force: false })).rejects.toThrow(
      /"files\/private\/a\.png" collides with another member of the archive \((EEXIST|EISDIR)\): the archive was altered/,
    );
    expect(fs.existsSync(empty().dataDir)).toBe(false);

    // Read on its own, the same archive is refused the same way (the process goes on).
    await expect(readArchive(file, { extractTo: path.join(dir, 'unpacked') })).rejects.toThrow(
      /collides with another member/,
    );
  });

  it('checks a well-formed hand-made archive like one of its own', async () => {
    const file = handMade('good.tar.gz', [
      ['database.pglite.tar', 'a dump'],
      ['files/private/a.png', 'an image'],
    ]);
    expect((await readArchive(file)).members.map((m) => m.name)).toEqual([
      'database.pglite.tar',
      'files/private/a.png',
    ]);
  });
});

describe('a PostgreSQL restore with local files', () => {
  /** A real archive of a PostgreSQL product whose dump is a stand-in: the tools below are fakes. */
  async function postgresArchive() {
    const filesRoot = path.join(dir, 'source-files');
    fs.mkdirSync(path.join(filesRoot, 'private', 'result'), { recursive: true });
    fs.writeFileSync(path.join(filesRoot, 'private', 'result', 'new.png'), 'the new image');
    const source: DumpSource = {
      kind: 'postgres',
      dump: async (out) => {
        fs.writeFileSync(out, 'a pg_dump');
        return 'PostgreSQL 17.2';
      },
      migrations: async () => shippedMigrations(),
    };
    const staged = await stageArchive({
      source,
      filesRoot,
      workDir: path.join(dir, 'source'),
      product: { name: 'Turing Design', version: '1.0.0' },
      now: new Date('2026-03-01T03:30:00Z'),
    });
    const file = path.join(dir, 'pg.tar.gz');
    try {
      await writeArchiveFile(staged, file);
    } finally {
      await staged.discard();
    }
    return file;
  }

  function occupiedTarget() {
    const dataDir = path.join(dir, 'target');
    fs.mkdirSync(path.join(dataDir, 'files', 'private', 'result'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'private', 'result', 'old.png'), 'the old image');
    return { dataDir, databaseUrl: 'postgres://turing:secret@127.0.0.1:1/turing', storage: 'local' as const };
  }
  const inspect: PostgresTools['inspect'] = async () => ({ relations: 12, otherConnections: 0 });

  it('puts the old files back when the database step fails: the target is as it was', async () => {
    const file = await postgresArchive();
    const target = occupiedTarget();
    const before = snapshot(target.dataDir);
    let seenByDatabase: Record<string, string> = {};
    const failing: PostgresTools = {
      inspect,
      restore: async () => {
        // The files were swapped first, the step that can be undone.
        seenByDatabase = snapshot(path.join(target.dataDir, 'files'));
        throw new Error('pg_restore failed (exit 1): ERROR: out of shared memory');
      },
    };
    await expect(restoreArchive(file, target, { force: true }, failing)).rejects.toThrow(/out of shared memory/);
    expect(seenByDatabase).toEqual({ 'private/result/new.png': 'the new image' });
    expect(snapshot(target.dataDir)).toEqual(before);
    expect(fs.readdirSync(target.dataDir)).toEqual(['files']);
  });

  it('keeps the new files once the database took its dump', async () => {
    const file = await postgresArchive();
    const target = occupiedTarget();
    const calls: { replace: boolean }[] = [];
    const tools: PostgresTools = {
      inspect,
      restore: async (_url, dump, opts) => {
        expect(fs.readFileSync(dump, 'utf8')).toBe('a pg_dump');
        calls.push(opts);
      },
    };
    await restoreArchive(file, target, { force: true }, tools);
    expect(calls).toEqual([{ replace: true }]);
    expect(snapshot(target.dataDir)).toEqual({ 'files/private/result/new.png': 'the new image' });
    expect(fs.readdirSync(target.dataDir)).toEqual(['files']);
  });
});
