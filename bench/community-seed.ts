// Seeds a PostgreSQL database, migrated with the product's migrations, with a community of the size
// the gallery has to stay fast at: published works (each with its result upload and tags), creators
// and likes, all in set-based SQL. The tables' indexes and keys are dropped for the load and built
// once at the end, which is several times faster than maintaining them row by row.
//
// Ids are functions of a row's number (md5 of it, as a uuid), so likes can name works and users
// without joins; works.like_count and user_stats are computed from the rows in the same run.
import pg from 'pg';
import { migratePostgres } from '../apps/server/src/db/client.ts';
import { TAG_SEEDS } from '../apps/server/src/modules/design/catalogue/tags.data.ts';
import { ENVIRONMENT_TAG_SEEDS } from '../apps/server/src/modules/community/community-tags.data.ts';

export interface CommunitySize {
  works: number;
  users: number;
  likes: number;
}

/** The size the issue sets the goals at. */
export const FULL_SIZE: CommunitySize = { works: 1_000_000, users: 100_000, likes: 10_000_000 };
/** What `npm run bench` seeds unless told otherwise: a tenth, a couple of minutes less. */
export const DEFAULT_SIZE: CommunitySize = { works: 100_000, users: 10_000, likes: 1_000_000 };

/** An image every seeded work shows (the browser bench writes real files under these keys). */
export interface SeedImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** Sizes the preview engine makes, so cards in the masonry grid have varied heights. */
const SHAPES: [number, number][] = [
  [1024, 1024],
  [1024, 768],
  [768, 1024],
  [1536, 1024],
  [1024, 1536],
  [1280, 720],
  [720, 1280],
];
export const DUMMY_IMAGES: SeedImage[] = SHAPES.map(([width, height]) => ({
  key: `private/bench/community-${width}x${height}.webp`,
  thumbKey: `private/bench/community-${width}x${height}-thumb.webp`,
  width,
  height,
}));

const slugsOf = (category: string) => TAG_SEEDS.filter((t) => t.category === category).map((t) => t.slug);
const TAGS = {
  style: slugsOf('style'),
  function: slugsOf('function'),
  material: slugsOf('material'),
  environment: ENVIRONMENT_TAG_SEEDS.map((t) => t.slug),
};

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
const sqlArray = (items: string[]) => `array[${items.map(sqlText).join(',')}]::text[]`;

/**
 * A tag of `category`, picked with a skew (the first slugs are the most used, as in a real
 * community); `salt` keeps the categories' picks independent. About one work in eight leaves the
 * category empty.
 */
const tagExpr = (category: keyof typeof TAGS) => {
  const slugs = TAGS[category].map((s) => `${category}:${s}`);
  return `case when random() < 0.125 then null else (${sqlArray(slugs)})[1 + floor(${slugs.length} * power(random(), 1.6))::int] end`;
};

interface Constraint {
  table: string;
  name: string;
  def: string;
  kind: 'p' | 'f' | 'u';
}
interface Index {
  name: string;
  def: string;
}

const LOADED_TABLES = ['works', 'work_likes', 'uploads', 'user_stats'];

/** Keys and indexes of the tables the seed fills, as PostgreSQL would re-create them. */
async function captureSchema(client: pg.Client) {
  const constraints = (
    await client.query<Constraint>(
      `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def, c.contype as kind
         from pg_constraint c
        where c.contype in ('p', 'f', 'u')
          and (c.conrelid::regclass::text = any($1) or (c.contype = 'f' and c.confrelid::regclass::text = any($1)))`,
      [LOADED_TABLES],
    )
  ).rows;
  const indexes = (
    await client.query<Index>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
        where i.indrelid::regclass::text = any($1)
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [LOADED_TABLES],
    )
  ).rows;
  return { constraints, indexes };
}

type Step = { name: string; ms: number };

export async function seedCommunity(
  url: string,
  size: CommunitySize = DEFAULT_SIZE,
  { images = DUMMY_IMAGES, log = (_: string) => {} }: { images?: SeedImage[]; log?: (line: string) => void } = {},
): Promise<{ ms: number; steps: Step[] }> {
  const perUser = Math.round(size.likes / size.users);
  // Each user's likes land on distinct works only while the works outnumber perUser² (see likes).
  if (size.works < perUser * perUser) throw new Error(`${size.works} works are too few for ${perUser} likes per user`);
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: Step[] = [];
  const started = performance.now();
  const step = async (name: string, ...statements: string[]) => {
    const t = performance.now();
    for (const s of statements) await client.query(s);
    steps.push({ name, ms: performance.now() - t });
    log(`${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    const { rows } = await client.query(`select count(*)::int as n from users where username like 'bench\\_%'`);
    if (rows[0].n > 0) throw new Error('this database is already seeded');
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set max_parallel_maintenance_workers = 2`);
    await client.query(`set synchronous_commit = off`);

    const schema = await captureSchema(client);
    await step(
      'drop keys and indexes',
      ...schema.constraints
        .filter((c) => c.kind === 'f')
        .map((c) => `alter table ${c.table} drop constraint ${c.name}`),
      ...schema.constraints
        .filter((c) => c.kind !== 'f')
        .map((c) => `alter table ${c.table} drop constraint ${c.name}`),
      ...schema.indexes.map((i) => `drop index ${i.name}`),
    );

    await step(
      `${size.users} users`,
      `insert into users (id, username, nickname, invite_code, signature, occupation, created_at, updated_at)
       select md5('u' || n)::uuid, 'bench_' || n, 'Creator ' || n, 'B' || n, 'Designs things', 'architect',
              now() - interval '400 days' + n * interval '1 second', now()
         from generate_series(1, ${size.users}) n`,
    );

    // User u likes perUser works: the j-th at ⌊works·((j + o)/perUser)²⌋ with o ∈ [0, 1) fixed per user.
    // Consecutive picks are at least works/perUser² apart, so a user never likes a work twice; the
    // square gives the early works most of the likes (from ~1,000 down to ~5 at full size).
    const likeSource = `
      select u, floor(${size.works} * power((j + o) / ${perUser}, 2))::int + 1 as w
        from (select u, u * 0.6180339887::float8 - floor(u * 0.6180339887::float8) as o
                from generate_series(1, ${size.users}) u) us,
             generate_series(0, ${perUser - 1}) j`;
    await step(
      'like counts',
      `create temp table like_counts as select w, count(*)::int as n from (${likeSource}) l group by w`,
    );
    await step(
      `${size.users * perUser} likes`,
      `insert into work_likes (user_id, work_id, created_at)
       select md5('u' || u)::uuid, md5('w' || w)::uuid, now() - random() * interval '365 days' from (${likeSource}) l`,
    );

    const shapes = sqlArray(images.map((i) => `${i.width}x${i.height}`));
    // A result belongs to the task that made it (the upload sweep keeps it for that); the tasks
    // themselves are not needed by the gallery. Creators: work g's author is picked with a square skew, so a few users publish thousands.
    await step(
      `${size.works} works`,
      `insert into works (id, user_id, upload_id, task_id, title, description, tags, prompt, width, height, state,
                          like_count, published_at, created_at, updated_at)
       select md5('w' || g)::uuid, md5('u' || (1 + floor(${size.users} * power(random(), 2))::int))::uuid,
              md5('p' || g)::uuid, md5('t' || g)::uuid, 'Work ' || g, 'A seeded community work', tags, 'a building',
              split_part(shape, 'x', 1)::int, split_part(shape, 'x', 2)::int, 'published',
              coalesce(lc.n, 0), at, at, at
         from (
           select g, now() - random() * interval '365 days' as at,
                  (${shapes})[1 + (g::bigint * 7919) % ${images.length}] as shape,
                  array_remove(array[${tagExpr('style')}, ${tagExpr('function')}, ${tagExpr('material')},
                                     ${tagExpr('environment')}], null) as tags
             from generate_series(1, ${size.works}) g
         ) t
         left join like_counts lc on lc.w = g`,
    );
    const imageCase = (field: 'key' | 'thumbKey') =>
      `case ${images.map((i) => `when w.width = ${i.width} and w.height = ${i.height} then ${sqlText(i[field])}`).join(' ')} end`;
    await step(
      `${size.works} uploads`,
      `insert into uploads (id, user_id, kind, key, thumb_key, mime, width, height, bytes, task_id, created_at)
       select w.upload_id, w.user_id, 'result', ${imageCase('key')}, ${imageCase('thumbKey')}, 'image/webp',
              w.width, w.height, 120000, w.task_id, w.published_at
         from works w where not exists (select 1 from uploads p where p.id = w.upload_id)`,
    );
    await step(
      'user stats',
      `insert into user_stats (user_id, works, likes_received)
       select u.id, coalesce(s.works, 0), coalesce(s.likes, 0)
         from users u
         left join (select user_id, count(*)::int as works, sum(like_count)::int as likes from works group by user_id) s
           on s.user_id = u.id
        where u.username like 'bench\\_%'`,
    );

    await step(
      'primary keys',
      ...schema.constraints
        .filter((c) => c.kind !== 'f')
        .map((c) => `alter table ${c.table} add constraint ${c.name} ${c.def}`),
    );
    await step('indexes', ...schema.indexes.map((i) => i.def));
    await step(
      'foreign keys',
      ...schema.constraints
        .filter((c) => c.kind === 'f')
        .map((c) => `alter table ${c.table} add constraint ${c.name} ${c.def}`),
    );
    await step(
      'analyze',
      'analyze users',
      'analyze works',
      'analyze work_likes',
      'analyze uploads',
      'analyze user_stats',
    );
    return { ms: performance.now() - started, steps };
  } finally {
    await client.end();
  }
}

/** What an earlier seed left in this database, or null when there was none. */
export async function seededSize(url: string): Promise<CommunitySize | null> {
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from users where username like 'bench\\_%') as users,
              (select count(*)::int from works) as works, (select count(*)::int from work_likes) as likes`,
    );
    return rows[0].users ? (rows[0] as CommunitySize) : null;
  } finally {
    await client.end();
  }
}

/** Counters against the rows they count: the numbers of works and users whose counter is off. */
export async function checkCounters(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set work_mem = '256MB'`);
    const works = await client.query(
      `select count(*)::int as n from works w
         left join (select work_id, count(*)::int as n from work_likes group by work_id) l on l.work_id = w.id
        where w.like_count <> coalesce(l.n, 0)`,
    );
    const users = await client.query(
      `select count(*)::int as n from user_stats s
         left join (select user_id, count(*)::int as works, sum(like_count)::int as likes from works
                     where state = 'published' group by user_id) w on w.user_id = s.user_id
        where s.works <> coalesce(w.works, 0) or s.likes_received <> coalesce(w.likes, 0)`,
    );
    return { worksOff: works.rows[0].n as number, usersOff: users.rows[0].n as number };
  } finally {
    await client.end();
  }
}

/** `npx tsx bench/community-seed.ts [full]`: seeds a throw-away PostgreSQL (or BENCH_DATABASE_URL) and times it. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startPostgres } = await import('./postgres.ts');
  const size = process.argv[2] === 'full' || process.env.BENCH_COMMUNITY === 'full' ? FULL_SIZE : DEFAULT_SIZE;
  const server = await startPostgres();
  if (!server) throw new Error('no PostgreSQL server binaries found');
  try {
    const { ms } = await seedCommunity(server.url, size, { log: (line) => console.log(`  ${line}`) });
    console.log(`seeded ${size.works} works, ${size.users} users, ${size.likes} likes in ${(ms / 1000).toFixed(1)} s`);
    const t = performance.now();
    const off = await checkCounters(server.url);
    console.log(
      `counters checked in ${((performance.now() - t) / 1000).toFixed(1)} s: ${off.worksOff} works and ${off.usersOff} users off`,
    );
  } finally {
    server.stop();
  }
}
