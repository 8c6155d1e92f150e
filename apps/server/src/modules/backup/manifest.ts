import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../../db/database.ts';
import { isSafeKey } from '../../storage/storage.ts';

/** What the first member of every archive says it is; anything else is not one of ours. */
export const ARCHIVE_FORMAT = 'turing-design-backup';
/** The layout this code writes and reads; a later layout gets a new number and a reader of its own. */
export const ARCHIVE_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The database dump's member: PGlite's data directory (a tar of its own), or `pg_dump -Fc`. */
export const DUMP_NAME = { pglite: 'database.pglite.tar', postgres: 'database.pgdump' } as const;
/** The local files, as `files/<storage key>`. */
export const FILES_PREFIX = 'files/';
/** A manifest larger than this is refused before it is parsed (about a million files). */
export const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

export type DatabaseKind = keyof typeof DUMP_NAME;

/** A member's name: the dump, or a file under files/ whose key a store would accept. */
const memberName = z
  .string()
  .refine(
    (name) =>
      Object.values(DUMP_NAME).includes(name as never) ||
      (name.startsWith(FILES_PREFIX) && isSafeKey(name.slice(FILES_PREFIX.length))),
    'not a member name this format uses',
  );

const manifestObject = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  product: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The server that was dumped, as it reports its version. */
    serverVersion: z.string(),
    dump: memberName,
    /** The schema migrations applied: how many, and the last one's tag. */
    migrations: z.object({ applied: z.number().int().min(0), last: z.string().nullable() }),
  }),
  files: z.object({
    storage: z.enum(['local', 's3']),
    /** Whether the files are members of the archive (local storage) or left to the bucket's own backups (S3). */
    included: z.boolean(),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    note: z.string().optional(),
  }),
  /** Every member after this manifest, in the order they follow it: each name once. */
  members: z
    .array(
      z.object({
        name: memberName,
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .superRefine((members, ctx) => {
      const seen = new Set<string>();
      for (const [index, member] of members.entries()) {
        // A second member of the same name would be written over the first (or refused half way
        // through a restore): an archive this code wrote never has one.
        if (seen.has(member.name))
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `"${member.name}" is listed twice` });
        seen.add(member.name);
      }
    }),
});
// The dump is what a restore needs most: a manifest that does not list it is not a backup.
export const manifestSchema = manifestObject.refine(
  (m) => m.members.some((member) => member.name === m.database.dump),
  { path: ['members'], message: 'the database dump is not among the members' },
);
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestMember = Manifest['members'][number];

/** What the manifest says about an S3 deployment's files, and what the docs repeat. */
export const S3_FILES_NOTE =
  'The files are in the S3 bucket and are not in this archive: back the bucket up with the store’s own tools (versioning, replication or a sync).';

/** The schema migrations a database has applied: how many, and the last one's tag (null: none). */
export interface MigrationLevel {
  applied: number;
  last: string | null;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
let journal: JournalEntry[] | undefined;
/** The migrations this code ships, oldest first. */
function journalEntries(): JournalEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/** How far this code's migrations go. */
export function shippedMigrations(): MigrationLevel {
  const entries = journalEntries();
  return { applied: entries.length, last: entries.at(-1)?.tag ?? null };
}

/**
 * The migrations a database has applied, read from Drizzle's own table (each row carries its
 * migration's `when`, which names it in the journal). A database no migration reached has none.
 */
export async function appliedMigrations(query: <T>(sql: string) => Promise<T[]>): Promise<MigrationLevel> {
  const [exists] = await query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return { applied: 0, last: null };
  const rows = await query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const when = rows.at(-1)?.created_at;
  if (when === undefined) return { applied: 0, last: null };
  const known = journalEntries().find((entry) => entry.when === Number(when));
  return { applied: rows.length, last: known?.tag ?? `unknown (${String(when)})` };
}

/**
 * Why this code cannot take a database at `level`, or null when it can: an older one is brought
 * up to date by the migrations at the next start, a newer one would run against a schema it does
 * not know.
 */
export function newerThanShipped(level: MigrationLevel): string | null {
  const shipped = shippedMigrations();
  const known = level.last === null || journalEntries().some((entry) => entry.tag === level.last);
  if (level.applied <= shipped.applied && known) return null;
  return `its database is at migration ${level.last ?? 'none'} (${level.applied} applied), newer than this version knows (${shipped.last ?? 'none'}, ${shipped.applied}): restore it with the version that made it, or a later one`;
}
