// (s) Soak: the product as `npm start` runs it (plain Node on main.ts, default settings: the embedded
// database and the preview engine at its default pace) used by N accounts at once for a number of
// minutes. Each account submits tasks continuously (text, and iterate on its own uploads, with mixed
// counts and qualities), uploads images and reads its lists (tasks, workspace, community), while a
// probe asks /turing/health/live every 100 ms. Printed per minute: the probe's p50/p99/max and the
// server's resident memory; at the end the totals, and whether every account's balance equals the
// sum of its ledger.
//
// `npx tsx bench/soak.ts [minutes] [users]` (or BENCH_SOAK_MINUTES, BENCH_SOAK_USERS; 5 minutes and 5
// users by default). PROFILE=<dir> starts the product with `--cpu-prof` into <dir>, written when it stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerAccount, startProduct, treeRssMb } from './product.ts';
import { pictures, settleAccount } from './soak-accounts.ts';

const P99_GOAL_MS = 50;
const RSS_GROWTH_GOAL = 0.1;
const PROBE_EVERY_MS = 100;
/** Tasks an account keeps queued or running at once (the product allows 8 by default). */
const ACTIVE_PER_USER = 4;
const UPLOAD_EVERY_MS = 10_000;
const READ_EVERY_MS = 170;
/** After the deadline: how long the accounts' last tasks may take to end before they are cancelled. */
const DRAIN_MS = 60_000;
const FINISHED = ['complete', 'cancelled', 'timed_out', 'lost'];

const json = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

interface Totals {
  submitted: number;
  refused: number;
  cancelled: number;
  uploads: number;
  reads: number;
  /** Answers other than 2xx that a user would not expect (a 5xx, or a 4xx other than a refused submit). */
  errors: number;
  serverErrors: number;
  ended: Record<string, number>;
}

export async function soak(minutes: number, users: number) {
  const profileDir = process.env.PROFILE;
  const product = await startProduct(
    'node',
    profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {},
  );
  const totals: Totals = {
    submitted: 0,
    refused: 0,
    cancelled: 0,
    uploads: 0,
    reads: 0,
    errors: 0,
    serverErrors: 0,
    ended: {},
  };
  try {
    const base = `http://127.0.0.1:${product.port}/turing`;
    const adminToken = fs.readFileSync(path.join(product.dataDir, 'admin-token'), 'utf8').trim();
    const images = await pictures();
    const accounts: string[] = [];
    for (let i = 0; i < users; i++) {
      const cookie = await registerAccount(product);
      const info = (await (await fetch(`${base}/user/info`, { headers: { cookie } })).json()) as {
        data: { id: string };
      };
      // Cubes enough for the run, as an operator would grant them.
      const granted = await fetch(`${base}/admin/credits/grant`, {
        method: 'POST',
        headers: { ...json, 'x-admin-token': adminToken },
        body: JSON.stringify({ user: info.data.id, cubes: 1_000_000, note: 'soak' }),
      });
      if (!granted.ok) throw new Error(`grant failed: ${await granted.text()}`);
      accounts.push(cookie);
    }

    const started = performance.now();
    const deadline = started + minutes * 60_000;
    const running = () => performance.now() < deadline;
    const minute = () => Math.min(Math.ceil(minutes) - 1, Math.floor((performance.now() - started) / 60_000));
    const probes: number[][] = [];
    /** Kinds of failure already printed (the first of each). */
    const seen = new Set<string>();
    const rss: number[] = [];

    /** One request of a user, counted; returns the envelope's data or null when it was refused. */
    const call = async <T>(url: string, init: RequestInit, count: 'reads' | 'uploads' | null): Promise<T | null> => {
      const res = await fetch(url, init).catch(() => null);
      if (!res) {
        totals.errors++;
        return null;
      }
      const body = (await res.json().catch(() => null)) as { data: T; code?: string } | null;
      if (res.status >= 500) totals.serverErrors++;
      if (!res.ok && seen.size < 5 && !seen.has(`${res.status} ${body?.code}`)) {
        seen.add(`${res.status} ${body?.code}`);
        console.log(`${init.method ?? 'GET'} ${url.replace(base, '')}: ${res.status} ${JSON.stringify(body)}`);
      }
      if (!res.ok) {
        // The product refusing a submit (its per-user limit, a full queue) is an answer users see.
        if (res.status < 500 && url.endsWith('/design/task/submit')) totals.refused++;
        else totals.errors++;
        return null;
      }
      if (count) totals[count]++;
      return body?.data ?? null;
    };

    const probe = async () => {
      let next = performance.now();
      while (running()) {
        const t0 = performance.now();
        const ok = await fetch(`${base}/health/live`).then(
          async (r) => (await r.arrayBuffer(), r.ok),
          () => false,
        );
        if (!ok) totals.serverErrors++;
        (probes[minute()] ??= []).push(performance.now() - t0);
        next += PROBE_EVERY_MS;
        await sleep(Math.max(0, next - performance.now()));
      }
    };
    // Read at the end of each minute the probe counts in.
    const memory = async () => {
      for (let m = 0; m < Math.ceil(minutes); m++) {
        await sleep(Math.max(0, Math.min(deadline, started + (m + 1) * 60_000) - 200 - performance.now()));
        if (product.proc.exitCode === null) rss[m] = treeRssMb(product.proc.pid!);
      }
    };

    const user = async (cookie: string, n: number) => {
      const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
      const mine: string[] = [];
      let round = n;
      const upload = async () => {
        const img = images[round++ % images.length]!;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(img.data)], { type: img.type }), img.name);
        const up = await call<{ id: string }>(
          `${base}/upload/image?kind=base`,
          { method: 'POST', headers, body: form },
          'uploads',
        );
        if (up) mine.push(up.id);
      };
      await upload();
      const submitter = async () => {
        let i = 0;
        while (running()) {
          const list = await call<{ items: { id: string; state: string }[] }>(
            `${base}/design/task/list?limit=20`,
            { headers },
            'reads',
          );
          const active = (list?.items ?? []).filter((t) => !FINISHED.includes(t.state));
          if (active.length >= ACTIVE_PER_USER) {
            // Now and then a user gives up on the oldest waiting task.
            if (i % 15 === 3) {
              const oldest = active.at(-1)!;
              const done = await call(
                `${base}/design/task/cancel`,
                { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ id: oldest.id }) },
                null,
              );
              if (done) totals.cancelled++;
            }
            i++;
            await sleep(1000);
            continue;
          }
          const quality = (['SD', 'SD', 'HD', 'FHD'] as const)[i % 4];
          const count = [1, 2, 4, 1, 3][i % 5];
          const iterate = i % 3 === 2 && mine.length > 0;
          const params = iterate
            ? {
                mode: 'iterate',
                baseImageId: mine[i % mine.length],
                prompt: 'warmer light, timber facade',
                quality,
                count,
                imageWeight: 0.6,
              }
            : {
                mode: 'text',
                type: i % 2 ? 'interior' : 'architectural',
                prompt: `soak ${n} ${i}`,
                tags: { style: [['modern'], ['minimalist'], []][i % 3]!, material: [], function: [] },
                size: (['1:1', '4:3', '16:9'] as const)[i % 3],
                quality,
                count,
              };
          const task = await call(
            `${base}/design/task/submit`,
            { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(params) },
            null,
          );
          if (task) totals.submitted++;
          i++;
          await sleep(300);
        }
      };
      const uploader = async () => {
        while (running()) {
          await sleep(UPLOAD_EVERY_MS);
          if (running()) await upload();
        }
      };
      const reader = async () => {
        let folder: string | undefined;
        let i = 0;
        while (running()) {
          const which = i++ % 4;
          if (which === 0) await call(`${base}/design/task/list?limit=20`, { headers }, 'reads');
          else if (which === 1) {
            if (!folder) {
              const folders = await call<{ items: { id: string; isDefault: boolean }[] }>(
                `${base}/workspace/folder/list`,
                { headers },
                'reads',
              );
              folder = folders?.items.find((f) => f.isDefault)?.id;
            }
            if (folder) await call(`${base}/workspace/image/list?folderId=${folder}&limit=30`, { headers }, 'reads');
          } else if (which === 2) await call(`${base}/community/work/list?limit=30`, { headers }, 'reads');
          else await call(`${base}/design/balance`, { headers }, 'reads');
          await sleep(READ_EVERY_MS);
        }
      };
      await Promise.all([submitter(), uploader(), reader()]);
    };

    await Promise.all([probe(), memory(), ...accounts.map((cookie, n) => user(cookie, n))]);

    // The accounts' last tasks end (or are cancelled), then every balance is checked against its ledger.
    const drainUntil = performance.now() + DRAIN_MS;
    const balanced: boolean[] = [];
    for (const cookie of accounts) balanced.push(await settleAccount(base, cookie, drainUntil, totals.ended));
    return { minutes, users, probes, rss, totals, balanced, load: os.loadavg()[0]! };
  } finally {
    await product.stop();
  }
}

export function printSoak(r: Awaited<ReturnType<typeof soak>>) {
  console.log(
    `\n(s) soak: ${r.users} accounts for ${r.minutes} min on the product as \`npm start\` runs it (embedded database, preview engine at its default pace); /turing/health/live every ${PROBE_EVERY_MS} ms`,
  );
  const rows: Record<string, Record<string, number>> = {};
  r.probes.forEach((ms, i) => {
    if (!ms?.length) return;
    rows[`minute ${i + 1}`] = {
      probes: ms.length,
      'p50 ms': Math.round(pct(ms, 50)),
      'p99 ms': Math.round(pct(ms, 99)),
      'max ms': Math.round(Math.max(...ms)),
      'RSS MB': Math.round(r.rss[i] ?? NaN),
    };
  });
  console.table(rows);
  const all = r.probes.flat();
  const p99 = pct(all, 99);
  // Warm-up: the first minute (code compiled, the database's caches filled, the threads started).
  const warm = r.rss.slice(1).filter((v) => v !== undefined);
  const growth = warm.length >= 2 ? warm.at(-1)! / warm[0]! - 1 : NaN;
  const t = r.totals;
  console.log(
    `tasks submitted ${t.submitted} (refused ${t.refused}, cancelled by users ${t.cancelled}; ended: ${Object.entries(
      t.ended,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), uploads ${t.uploads}, reads ${t.reads}, errors ${t.errors}, server errors ${t.serverErrors}`,
  );
  console.log(
    `probe p99 over the run ${Math.round(p99)} ms (goal ≤ ${P99_GOAL_MS}) ${p99 <= P99_GOAL_MS ? 'met' : 'MISSED'}; RSS after warm-up ${Math.round(warm[0] ?? NaN)} → ${Math.round(warm.at(-1) ?? NaN)} MB, ${(growth * 100).toFixed(1)} % (goal ≤ ${RSS_GROWTH_GOAL * 100} %) ${growth <= RSS_GROWTH_GOAL ? 'met' : 'MISSED'}; balances equal to their ledgers: ${r.balanced.filter(Boolean).length}/${r.balanced.length}; load average ${r.load.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const minutes = Number(process.argv[2] ?? process.env.BENCH_SOAK_MINUTES ?? 5);
  const users = Number(process.argv[3] ?? process.env.BENCH_SOAK_USERS ?? 5);
  printSoak(await soak(minutes, users));
  process.exit(0);
}
