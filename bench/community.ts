// The gallery's query at community scale: a seeded PostgreSQL (community-seed.ts), the product started
// as `npm start` starts it with DATABASE_URL set, and GET /turing/community/work/list timed for the
// first page and for a page 10,000 works deep, for each sort and with a tag filter.
//
// Server time is the request log's `ms` (Fastify's elapsed time from the request's arrival to the
// reply's end, written by plugins/request-log.ts): the server sends no timing header. The loopback
// round trip on a kept-alive connection is printed beside it.
import os from 'node:os';
import pg from 'pg';
import {
  checkCounters,
  DEFAULT_SIZE,
  FULL_SIZE,
  seedCommunity,
  seededSize,
  type CommunitySize,
} from './community-seed.ts';
import { startPostgres } from './postgres.ts';
import { startProduct, type Product } from './product.ts';

export const QUERY_GOAL_MS = 10;
export const DEEP_RATIO_GOAL = 1.3;
export const DEPTH = 10_000;
/** What the gallery asks for (apps/web list-works.ts PAGE_SIZE). */
const PAGE = 30;
const WALK_PAGE = 100;
const WARMUP = 20;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LIST = '/turing/community/work/list';
const headers = { 'x-requested-with': 'XMLHttpRequest' };

export const SCENARIOS: { name: string; query: Record<string, string> }[] = [
  { name: 'latest', query: { sort: 'latest' } },
  { name: 'most liked', query: { sort: 'likes' } },
  { name: 'latest, style:modern', query: { sort: 'latest', style: 'modern' } },
  { name: 'most liked, environment:urban', query: { sort: 'likes', environment: 'urban' } },
];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** The request log's `ms` of every gallery request, in the order they were answered. */
function serverTimes(product: Product) {
  const times: number[] = [];
  let rest = '';
  product.proc.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line.includes(`"url":"${LIST}`)) continue;
      const entry = JSON.parse(line) as { ms?: number; msg?: string };
      if (entry.msg === 'request' && typeof entry.ms === 'number') times.push(entry.ms);
    }
  });
  return {
    /** Waits for the log lines of `n` more requests (the log is written off the request path). */
    async take(from: number, n: number) {
      for (let i = 0; i < 200 && times.length < from + n; i++) await new Promise((r) => setTimeout(r, 10));
      if (times.length < from + n) throw new Error(`${from + n - times.length} request log lines missing`);
      return times.slice(from, from + n);
    },
    get count() {
      return times.length;
    },
  };
}

/**
 * Waits for the sweep a starting node runs once (expired sessions, abandoned uploads), so the
 * figures are those of a server in its steady state; a failed sweep is an error worth knowing.
 */
async function housekeeping(url: string, since: Date) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 1200; i++) {
      const { rows } = await client.query<{ state: string; output: unknown }>(
        `select state, output from pgboss.job
          where name = 'housekeeping' and created_on >= $1 and state in ('completed', 'retry', 'failed')`,
        [since],
      );
      if (rows.some((r) => r.state === 'completed')) return;
      if (rows.length) throw new Error(`housekeeping failed: ${JSON.stringify(rows[0]!.output).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('housekeeping did not finish within 2 minutes');
  } finally {
    await client.end();
  }
}

interface Page {
  items: { id: string }[];
  nextCursor: string | null;
}

async function list(origin: string, query: Record<string, string>): Promise<{ page: Page; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${origin}${LIST}?${new URLSearchParams(query)}`, { headers });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${LIST} ${new URLSearchParams(query)}: ${res.status} ${body.slice(0, 300)}`);
  // Every answer comes in the API's envelope: { status, msg, data, code }.
  return { page: (JSON.parse(body) as { data: Page }).data, ms };
}

/** The cursor after the first `DEPTH` works, walked once in pages of 100 (the API's largest). */
async function cursorAt(origin: string, query: Record<string, string>) {
  let cursor: string | undefined;
  const seen = new Set<string>();
  while (seen.size < DEPTH) {
    const { page } = await list(origin, { ...query, limit: String(WALK_PAGE), ...(cursor ? { cursor } : {}) });
    for (const item of page.items) seen.add(item.id);
    if (!page.nextCursor) throw new Error(`only ${seen.size} works for ${new URLSearchParams(query)}`);
    cursor = page.nextCursor;
  }
  if (seen.size !== DEPTH) throw new Error(`the walk saw ${seen.size} distinct works, not ${DEPTH}`);
  return cursor!;
}

export interface Timing {
  serverP50: number;
  serverP95: number;
  roundTripP50: number;
  roundTripP95: number;
}

async function time(
  origin: string,
  log: ReturnType<typeof serverTimes>,
  query: Record<string, string>,
): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await list(origin, query);
  const from = log.count;
  const roundTrips: number[] = [];
  for (let i = 0; i < SAMPLES; i++) roundTrips.push((await list(origin, query)).ms);
  const server = await log.take(from, SAMPLES);
  return {
    serverP50: pct(server, 50),
    serverP95: pct(server, 95),
    roundTripP50: pct(roundTrips, 50),
    roundTripP95: pct(roundTrips, 95),
  };
}

export interface ScenarioResult {
  name: string;
  first: Timing;
  deep: Timing;
}

/**
 * Seeds a throw-away PostgreSQL and times the gallery. BENCH_DATABASE_URL names a database to use
 * instead: seeded here when empty, used as it is when an earlier run seeded it.
 */
export async function galleryQueries(size: CommunitySize = DEFAULT_SIZE) {
  const pgServer = await startPostgres();
  if (!pgServer) return null;
  let product: Product | null = null;
  try {
    const existing = await seededSize(pgServer.url);
    const seed = existing ? { ms: NaN } : await seedCommunity(pgServer.url, size);
    size = existing ?? size;
    const counters = await checkCounters(pgServer.url);
    const started = new Date();
    product = await startProduct('node', {
      DATABASE_URL: pgServer.url,
      FILE_URL_SECRET: 'bench-file-url-secret-0123456789',
      ADMIN_TOKEN: 'bench-admin-token-0123456789',
      FILES_SHARED: 'true',
    });
    const log = serverTimes(product);
    await housekeeping(pgServer.url, started);
    const origin = `http://127.0.0.1:${product.port}`;
    const results: ScenarioResult[] = [];
    for (const s of SCENARIOS) {
      const query = { ...s.query, limit: String(PAGE) };
      const first = await time(origin, log, query);
      const cursor = await cursorAt(origin, s.query);
      const deep = await time(origin, log, { ...query, cursor });
      results.push({ name: s.name, first, deep });
    }
    return { size, seedMs: seed.ms, counters, results };
  } finally {
    await product?.stop();
    pgServer.stop();
  }
}

const f = (n: number) => n.toFixed(2);

export function printGallery(r: NonNullable<Awaited<ReturnType<typeof galleryQueries>>>) {
  const size = r.size;
  const seeded = Number.isNaN(r.seedMs) ? 'seeded earlier' : `seeded in ${(r.seedMs / 1000).toFixed(1)} s`;
  console.log(
    `\n(j) gallery query on PostgreSQL: ${size.works.toLocaleString('en')} published works, ${size.users.toLocaleString('en')} users, ${size.likes.toLocaleString('en')} likes ${seeded} (counters off: ${r.counters.worksOff} works, ${r.counters.usersOff} users); GET ${LIST}, ${PAGE} per page, anonymous, ${SAMPLES} requests each; server time from the request log, round trip on loopback with keep-alive; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  const rows: Record<string, Record<string, string>> = {};
  for (const s of r.results) {
    const ratio = s.deep.serverP95 / s.first.serverP95;
    const met = s.first.serverP95 <= QUERY_GOAL_MS && s.deep.serverP95 <= QUERY_GOAL_MS && ratio <= DEEP_RATIO_GOAL;
    rows[s.name] = {
      'p95 first ms': f(s.first.serverP95),
      [`p95 ${DEPTH / 1000}k deep ms`]: f(s.deep.serverP95),
      'deep/first': ratio.toFixed(2),
      'p50 first / deep ms': `${f(s.first.serverP50)} / ${f(s.deep.serverP50)}`,
      'round trip p95 first / deep ms': `${f(s.first.roundTripP95)} / ${f(s.deep.roundTripP95)}`,
      goals: met ? 'met' : 'MISSED',
    };
  }
  console.table(rows);
  console.log(`    goals: p95 ≤ ${QUERY_GOAL_MS} ms first and deep, deep/first ≤ ${DEEP_RATIO_GOAL}`);
}

/** The full size when asked for (a `full` argument or BENCH_COMMUNITY=full), a tenth of it otherwise. */
export const communitySize = () =>
  process.argv.includes('full') || process.env.BENCH_COMMUNITY === 'full' ? FULL_SIZE : DEFAULT_SIZE;

/** `npx tsx bench/community.ts [full]`: prints only (j). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const size = communitySize();
  const r = await galleryQueries(size);
  if (!r) console.log('(j) skipped: no PostgreSQL server binaries found');
  else printGallery(r);
  process.exit(0);
}
