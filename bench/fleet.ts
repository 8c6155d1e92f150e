// The generation fleet as users see it, with the product started as `npm start` starts it (plain
// Node on main.ts, default settings) and ComfyUI-protocol servers in this process:
//   (n1) seconds from a GPU server's death (process gone; machine frozen) to its task running on another;
//   (n2) previews a 20-step task's server sent vs the previews its owner's event stream delivered;
//   (o)  estimated vs actual wait of 20 tasks queued at once behind the embedded engine's workers.
// `npx tsx bench/fleet.ts` prints only these.
import http from 'node:http';
import { FAKE_MODELS, FakeComfyServer } from '../apps/server/test-support/comfyui/fake-comfy-server.ts';
import { registerAccount, startProduct, type Product } from './product.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const comfyEnv = (urls: string[]) => ({
  GENERATION_ENGINE: 'comfyui',
  COMFYUI_URLS: urls.join(','),
  COMFYUI_CHECKPOINT: FAKE_MODELS.checkpoints[0]!,
  COMFYUI_CHECKPOINT_BETA: FAKE_MODELS.checkpoints[1]!,
  COMFYUI_CONTROLNET_DEPTH: FAKE_MODELS.controlnets[0]!,
  COMFYUI_CONTROLNET_LINEART: FAKE_MODELS.controlnets[1]!,
  COMFYUI_UPSCALE_MODEL: FAKE_MODELS.upscaleModels[0]!,
});

interface TaskView {
  id: string;
  state: string;
  previewUrl: string | null;
  estimatedWaitSeconds: number | null;
  startedAt: string | null;
}

async function call(p: Product, cookie: string, path: string, body?: object): Promise<TaskView> {
  const res = await fetch(`http://127.0.0.1:${p.port}/turing/design${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...headers, cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: number; msg: string; data: TaskView };
  if (json.status !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

async function until(read: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await read())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(10);
  }
}

/** From a server's death (or freeze) to its task's prompt running on the other server, in seconds. */
async function deathToElsewhere(kind: 'dies' | 'freezes') {
  const a = await FakeComfyServer.start();
  const b = await FakeComfyServer.start();
  a.queue.hold = b.queue.hold = true;
  const product = await startProduct('node', comfyEnv([a.url, b.url]));
  try {
    const cookie = await registerAccount(product);
    const task = await call(product, cookie, '/task/submit', { mode: 'text', prompt: 'bench' });
    await until(async () => Boolean(a.queue.running ?? b.queue.running), 20_000);
    const [gone, other] = a.queue.running ? [a, b] : [b, a];
    const t0 = performance.now();
    if (kind === 'dies') await gone.down();
    else gone.freeze();
    await until(async () => other.queue.running !== undefined, 60_000);
    const seconds = (performance.now() - t0) / 1000;
    other.queue.hold = false;
    other.queue.release();
    await until(async () => (await call(product, cookie, `/task/get?id=${task.id}`)).state === 'complete', 30_000);
    return seconds;
  } finally {
    await product.stop();
    await Promise.all([a.close(), b.close()]);
  }
}

/** Distinct previews the user's event stream carried while a 20-step task ran. */
async function previewsDelivered(stepMs: number) {
  const fake = await FakeComfyServer.start({ stepDelayMs: stepMs / 2 });
  fake.queue.steps = 20;
  const product = await startProduct('node', comfyEnv([fake.url]));
  try {
    const cookie = await registerAccount(product);
    const seen = new Set<string>();
    let done = false;
    const stream = http.get(`http://127.0.0.1:${product.port}/turing/design/events`, { headers: { cookie } }, (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let cut; (cut = buffer.indexOf('\n\n')) !== -1; buffer = buffer.slice(cut + 2)) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, cut))?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as TaskView;
          if (event.previewUrl) seen.add(event.previewUrl);
          if (event.state === 'complete') done = true;
        }
      });
    });
    await sleep(300);
    await call(product, cookie, '/task/submit', { mode: 'text', prompt: 'bench previews' });
    await until(async () => done, 60_000);
    stream.destroy();
    return { sent: 20, delivered: seen.size, seconds: (20 * stepMs) / 1000 };
  } finally {
    await product.stop();
    await fake.close();
  }
}

/** 20 tasks queued at once behind the preview engine at pace `paceMs`: the wait each was told vs the wait it had. */
async function waits(paceMs: number) {
  const product = await startProduct('node', { PREVIEW_PACE_MS: String(paceMs), DEMO_CONTENT: 'false' });
  try {
    // Three accounts: a new one has 20 cubes and 8 active tasks at most.
    const cookies = [await registerAccount(product), await registerAccount(product), await registerAccount(product)];
    // One run of each kind first, so the estimate has a measured duration to start from.
    const warm = await call(product, cookies[0]!, '/task/submit', { mode: 'text', prompt: 'warm' });
    await until(async () => (await call(product, cookies[0]!, `/task/get?id=${warm.id}`)).state === 'complete', 60_000);
    const submitted: { id: string; cookie: string; at: number; estimate: number }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const cookie = cookies[i % 3]!;
      const at = Date.now();
      const task = await call(product, cookie, '/task/submit', { mode: 'text', prompt: `wait ${i}` });
      submitted.push({ id: task.id, cookie, at, estimate: task.estimatedWaitSeconds ?? 0 });
    }
    const rows: { estimate: number; actual: number }[] = [];
    for (const s of submitted) {
      let task = await call(product, s.cookie, `/task/get?id=${s.id}`);
      while (!task.startedAt) {
        await sleep(100);
        task = await call(product, s.cookie, `/task/get?id=${s.id}`);
      }
      rows.push({ estimate: s.estimate, actual: (Date.parse(task.startedAt) - s.at) / 1000 });
    }
    const meanAbs = rows.reduce((sum, r) => sum + Math.abs(r.estimate - r.actual), 0) / rows.length;
    const totalEstimate = rows.reduce((sum, r) => sum + r.estimate, 0);
    const totalActual = rows.reduce((sum, r) => sum + r.actual, 0);
    return { rows, meanAbs, ratio: totalEstimate / totalActual };
  } finally {
    await product.stop();
  }
}

export async function fleetFigures() {
  const dies = await deathToElsewhere('dies');
  const freezes = await deathToElsewhere('freezes');
  const previews = await previewsDelivered(150);
  const wait = await waits(2000);
  return { dies, freezes, previews, wait };
}

export function printFleet(f: Awaited<ReturnType<typeof fleetFigures>>) {
  console.log(
    `\n(n1) a GPU server dies mid-task: its task runs on the other server ${f.dies.toFixed(2)} s later (process gone), ${f.freezes.toFixed(2)} s (machine frozen, connections open); goal ≤ 5 s`,
  );
  console.log(
    `(n2) previews of a 20-step task (${f.previews.seconds.toFixed(1)} s of sampling): ${f.previews.sent} sent by the server, ${f.previews.delivered} delivered to the owner's event stream (goal: at least one per second)`,
  );
  const sample = f.wait.rows.map((r) => `${r.estimate}/${r.actual.toFixed(1)}`).join(' ');
  console.log(
    `(o) 20 tasks queued at once (preview engine, 2 s a task, 2 workers): estimated vs actual wait, mean error ${f.wait.meanAbs.toFixed(1)} s, total estimated / actual ${f.wait.ratio.toFixed(2)}\n    estimate/actual s: ${sample}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFleet(await fleetFigures());
  process.exit(0);
}
