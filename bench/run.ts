// npm run bench: (a) authenticated API throughput of the product as users run it, as a ratio of a
// bare Fastify hello-world measured in the same run; (b) gzip size of the JavaScript the browser
// loads first for /home; (c) start-up time and memory of `npm start`'s process, against the former
// tsx start; (d) bytes Chromium actually transfers for a first visit to /home and to step editing;
// (e)–(g) generation, see generation.ts; (p) the platform's cost per task against a bare ComfyUI client,
// see platform-cost.ts; (h) gzip JavaScript of a first visit to step editing;
// (i) frame time while painting on a 4096² image; (j)–(m) the community at scale, see community.ts and
// community-browser.ts (`npm run bench -- community` prints only those; BENCH_COMMUNITY=full seeds 1M works);
// (q) Lighthouse mobile performance on /home, /community and /login, see lighthouse.ts; (u) the built-in
// neural upscaler's speed and the API's latency while it runs, see upscaler.ts.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { registerAccount, startProduct, treeRssMb } from './product.ts';
import { overhead, throughput, uploadRatio } from './generation.ts';
import { fleetFigures, printFleet } from './fleet.ts';
import { printUpscaler } from './upscaler.ts';
import { boardFigures, printBoards } from './boards.ts';
import { platformCost, printPlatformCost } from './platform-cost.ts';
import { describeStroke, FRAME_GOAL_MS, paintStrokes, SIZE, STROKE_POINTS, STROKES } from './paint.ts';
import { HOME_TRANSFER_GOAL_KB, homeTransfer, loginTransfer, stepEditingTransfer } from './transfer.ts';
import { mobileLighthouse, printMobileLighthouse } from './lighthouse.ts';
import { communityBrowser, printCommunityBrowser } from './community-browser.ts';
import { communitySize, galleryQueries, printGallery } from './community.ts';
import { homeFirstLoad, loginFirstLoad, stepEditingFirstLoad } from './web-size.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const HOME_BUDGET_KB = 250;
const RATIO_GOAL = 0.4;
const TRANSFER_BUDGET_KB = 230;
const STEP_EDITING_JS_GOAL_KB = 600;
const LOGIN_JS_GOAL_KB = 250;

async function community() {
  const gallery = await galleryQueries(communitySize());
  if (gallery) printGallery(gallery);
  else console.log('\n(j) skipped: no PostgreSQL server binaries found');
  printCommunityBrowser(await communityBrowser());
}

if (process.argv.includes('community')) {
  await community();
  process.exit(0);
}

function startBare(): Promise<{ port: number; kill: () => void }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    proc.stdout!.on('data', (chunk: Buffer) => {
      const m = /ready (\d+)/.exec(chunk.toString());
      if (m) resolve({ port: Number(m[1]), kill: () => proc.kill('SIGTERM') });
    });
    proc.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string>) {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const bare = await startBare();
const baseline = await measure(`http://127.0.0.1:${bare.port}/hello`, {});
bare.kill();

const product = await startProduct('node');
const idleRss = treeRssMb(product.proc.pid!);
const cookie = await registerAccount(product);
const ours = await measure(`http://127.0.0.1:${product.port}/turing/user/info`, { cookie });
const loadedRss = treeRssMb(product.proc.pid!);
await product.stop();

const former = await startProduct('tsx');
const formerRss = treeRssMb(former.proc.pid!);
await former.stop();

const size = homeFirstLoad(path.resolve(import.meta.dirname, '../apps/web/dist'));
const kb = size.gzip / 1024;
const ratio = ours.rps / baseline.rps;

console.log('\n(a) throughput, %d connections, %d s, the product as `npm start` runs it', CONNECTIONS, DURATION);
console.table({
  'bare Fastify GET /hello': { 'req/s': Math.round(baseline.rps), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99 },
  'GET /turing/user/info (session)': { 'req/s': Math.round(ours.rps), 'p50 ms': ours.p50, 'p99 ms': ours.p99 },
});
console.log(
  `ratio authenticated / bare: ${ratio.toFixed(3)} (goal ≥ ${RATIO_GOAL}) ${ratio >= RATIO_GOAL ? 'met' : 'MISSED'}`,
);
console.log(
  `\n(b) /home first load: ${kb.toFixed(1)} KB gzip in ${size.rows.length} files (budget ${HOME_BUDGET_KB} KB) ${kb <= HOME_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
);
console.log('\n(c) start-up to ready and memory (embedded database, empty data folder)');
console.table({
  'node main.ts (npm start)': {
    'start ms': Math.round(product.startupMs),
    'RSS idle MB': Math.round(idleRss),
    'RSS after load MB': Math.round(loadedRss),
  },
  'tsx main.ts (former start)': { 'start ms': Math.round(former.startupMs), 'RSS idle MB': Math.round(formerRss) },
});

const transfer = await homeTransfer();
const transferKb = transfer.total / 1024;
const plainKb = (await homeTransfer('identity')).total / 1024;
console.log(
  `\n(d) /home first visit in Chromium at 1440 × 900: ${transferKb.toFixed(1)} KB transferred in ${transfer.rows.length} responses (goal ≤ ${HOME_TRANSFER_GOAL_KB} KB) ${transferKb <= HOME_TRANSFER_GOAL_KB ? 'met' : 'MISSED'}, (budget ${TRANSFER_BUDGET_KB} KB) ${transferKb <= TRANSFER_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}; ${plainKb.toFixed(1)} KB without compression`,
);

const login = await loginTransfer();
const loginJsKb = login.script / 1024;
const loginManifestKb = loginFirstLoad(path.resolve(import.meta.dirname, '../apps/web/dist')).gzip / 1024;
console.log(
  `    /login first visit: JavaScript ${loginJsKb.toFixed(1)} KB as received (brotli, with headers) in ${login.rows.filter((r) => r.type === 'Script').length} files, ${(login.scriptBody / 1024).toFixed(1)} KB of bodies (goal ≤ ${LOGIN_JS_GOAL_KB} KB) ${loginJsKb <= LOGIN_JS_GOAL_KB ? 'met' : 'MISSED'}; entry and page chunk by the Vite manifest ${loginManifestKb.toFixed(1)} KB gzip`,
);

const editing = await stepEditingTransfer();
console.log(
  `    /design/step-editing first visit, logged in: ${(editing.total / 1024).toFixed(1)} KB transferred in ${editing.rows.length} responses, JavaScript ${(editing.script / 1024).toFixed(1)} KB of it`,
);

const gen = await overhead();
console.log(
  `\n(e) task overhead (submit → complete minus engine time, preview pace 0, ${gen.n} tasks): p50 ${gen.overheadP50.toFixed(1)} ms, p95 ${gen.overheadP95.toFixed(1)} ms (goal p50 ≤ 30); dispatch p50 ${gen.dispatchP50} ms, p95 ${gen.dispatchP95} ms (goal p95 ≤ 100)`,
);
const fleet = await throughput(400, 4, 'comfyui');
const local = await throughput(200, 4, 'preview');
console.log(
  fleet && local
    ? `(f) tasks drained by 4 worker processes on PostgreSQL, 16 users submitting: ${fleet.perSecond.toFixed(1)} tasks/s driving a ComfyUI-protocol fleet (goal ≥ 50)${fleet.failed ? `, ${fleet.failed} of ${fleet.n} did not complete` : ''}; ${local.perSecond.toFixed(1)} tasks/s with the preview engine drawing 768 px images on this machine's CPU; load average ${os.loadavg()[0]!.toFixed(1)}`
    : '(f) skipped: no PostgreSQL server binaries found',
);
printFleet(await fleetFigures());
await printUpscaler();
printBoards(await boardFigures());
printPlatformCost(await platformCost());
const up = await uploadRatio();
console.log(
  `(g) ${(up.bytes / 1e6).toFixed(1)} MB JPEG upload ${up.uploadMs.toFixed(0)} ms vs sharp alone ${up.rawMs.toFixed(0)} ms: ${up.ratio.toFixed(2)}× (goal ≤ 1.5)`,
);

const editingGzip = await stepEditingTransfer('gzip');
const jsKb = editingGzip.scriptBody / 1024;
const manifestKb = stepEditingFirstLoad(path.resolve(import.meta.dirname, '../apps/web/dist')).gzip / 1024;
console.log(
  `\n(h) /design/step-editing first visit (mask editor included), gzip JavaScript in Chromium: ${jsKb.toFixed(1)} KB of bodies in ${editingGzip.rows.filter((r) => r.type === 'Script').length} files, ${(editingGzip.script / 1024).toFixed(1)} KB with headers (goal ≤ ${STEP_EDITING_JS_GOAL_KB} KB) ${jsKb <= STEP_EDITING_JS_GOAL_KB ? 'met' : 'MISSED'}; its code by the Vite manifest ${manifestKb.toFixed(1)} KB`,
);

const load = os.loadavg()[0]!;
const paint = await paintStrokes();
console.log(
  `\n(i) painting on a ${SIZE}² base image, ${STROKES} strokes of ${STROKE_POINTS} points in Chromium: frame time p95 ${paint.medianP95.toFixed(1)} ms (median of the strokes; goal ≤ ${FRAME_GOAL_MS}) ${paint.medianP95 <= FRAME_GOAL_MS ? 'met' : 'MISSED'}; load average ${load.toFixed(1)} on ${os.availableParallelism()} cores`,
);
paint.strokes.forEach((s, i) => console.log(`    stroke ${i + 1}: ${describeStroke(s)}`));

printMobileLighthouse(await mobileLighthouse());

await community();

// Every figure is printed; sockets the queue's database clients may still hold must not keep the
// run waiting.
process.exit(0);
