// (p) Platform cost per task: the product as `npm start` runs it (plain Node on main.ts, default
// settings, a temporary DATA_DIR) with GENERATION_ENGINE=comfyui pointed at a ComfyUI-protocol
// server in this process that answers at once, against a minimal client sending the same graph to
// that server straight. Both are timed in the same run, alternately, one task at a time:
//   product: POST /turing/design/task/submit → the task's `complete` on the owner's event stream;
//   direct:  POST /prompt → `executing` with node null on the socket → GET /history/<id> → GET /view.
// `npx tsx bench/platform-cost.ts [tasks]` prints only this.
import http from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { FAKE_MODELS, FakeComfyServer } from '../apps/server/test-support/comfyui/fake-comfy-server.ts';
import { registerAccount, startProduct, type Product } from './product.ts';

export const PLATFORM_RATIO_GOAL = 1.6;
/** A new account's welcome cubes pay for 20 SD tasks: a fresh account every this many. */
const TASKS_PER_ACCOUNT = 18;
const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** One account's event stream: resolves the wait for a task once its `complete` event arrives. */
async function openStream(product: Product, cookie: string) {
  const waiting = new Map<string, () => void>();
  const done = new Set<string>();
  let buffer = '';
  const req = http.get(`http://127.0.0.1:${product.port}/turing/design/events`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let cut; (cut = buffer.indexOf('\n\n')) !== -1; buffer = buffer.slice(cut + 2)) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, cut))?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as { id: string; state: string };
          if (event.state !== 'complete' && event.state !== 'lost' && event.state !== 'timed_out') continue;
          done.add(event.id);
          waiting.get(event.id)?.();
        }
      });
      // The stream's first line arrives at once: the server has registered it.
      res.once('data', () => resolve());
    });
  });
  return {
    finished: (id: string) =>
      new Promise<void>((resolve) => {
        if (done.has(id)) resolve();
        else waiting.set(id, resolve);
      }),
    close: () => req.destroy(),
  };
}

/** A minimal ComfyUI client: one socket, prompt → `executing` null → history → the images. */
async function directClient(url: string) {
  const clientId = randomUUID();
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?clientId=${clientId}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const finished = new Map<string, () => void>();
  ws.on('message', (data, binary) => {
    if (binary) return;
    const msg = JSON.parse(data.toString()) as { type: string; data: { node?: string | null; prompt_id?: string } };
    const id = msg.data.prompt_id;
    if (!id) return;
    if (msg.type === 'execution_success' || (msg.type === 'executing' && msg.data.node === null)) finished.get(id)?.();
  });
  return {
    async run(graph: Graph) {
      const promptId = randomUUID();
      const done = new Promise<void>((resolve) => finished.set(promptId, resolve));
      const res = await fetch(`${url}/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: graph, client_id: clientId, prompt_id: promptId }),
      });
      if (!res.ok) throw new Error(`POST /prompt: ${res.status} ${await res.text()}`);
      await res.json();
      await done;
      finished.delete(promptId);
      const history = (await (await fetch(`${url}/history/${promptId}`)).json()) as Record<
        string,
        { outputs: Record<string, { images?: { filename: string; subfolder: string; type: string }[] }> }
      >;
      let bytes = 0;
      for (const output of Object.values(history[promptId]?.outputs ?? {})) {
        for (const image of output.images ?? []) {
          const q = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
          bytes += (await (await fetch(`${url}/view?${q}`)).arrayBuffer()).byteLength;
        }
      }
      if (!bytes) throw new Error('the direct run produced no image');
    },
    close: () => ws.close(),
  };
}

/** The graph sent again with a new seed, so the server runs it instead of answering from its cache. */
function reseeded(graph: Graph, seed: number): Graph {
  const copy = structuredClone(graph);
  for (const node of Object.values(copy)) {
    if ('seed' in node.inputs) node.inputs.seed = seed;
    if ('noise_seed' in node.inputs) node.inputs.noise_seed = seed;
  }
  return copy;
}

export async function platformCost(tasks = Number(process.env.BENCH_PLATFORM_TASKS ?? 100)) {
  const fake = await FakeComfyServer.start({ stepDelayMs: 0 });
  const product = await startProduct('node', {
    GENERATION_ENGINE: 'comfyui',
    COMFYUI_URLS: fake.url,
    COMFYUI_CHECKPOINT: FAKE_MODELS.checkpoints[0]!,
    COMFYUI_CHECKPOINT_BETA: FAKE_MODELS.checkpoints[1]!,
    COMFYUI_CONTROLNET_DEPTH: FAKE_MODELS.controlnets[0]!,
    COMFYUI_CONTROLNET_LINEART: FAKE_MODELS.controlnets[1]!,
    COMFYUI_UPSCALE_MODEL: FAKE_MODELS.upscaleModels[0]!,
  });
  const direct = await directClient(fake.url);
  const load = os.loadavg()[0]!;
  let account: { stream: Awaited<ReturnType<typeof openStream>>; cookie: string; used: number } | null = null;
  const viaProduct = async (prompt: string) => {
    if (!account || account.used >= TASKS_PER_ACCOUNT) {
      account?.stream.close();
      const cookie = await registerAccount(product);
      account = { cookie, stream: await openStream(product, cookie), used: 0 };
    }
    account.used += 1;
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${product.port}/turing/design/task/submit`, {
      method: 'POST',
      headers: { ...headers, cookie: account.cookie },
      body: JSON.stringify({ mode: 'text', prompt, size: '1:1', quality: 'SD' }),
    });
    const json = (await res.json()) as { status: number; msg: string; data: { id: string } };
    if (json.status !== 200) throw new Error(`submit: ${json.msg}`);
    await account.stream.finished(json.data.id);
    return performance.now() - t0;
  };
  try {
    // A few tasks first: the JIT, the engine's socket and the server's model list warm up, and the
    // graph the product sends is what the direct client sends too.
    for (let i = 0; i < 5; i += 1) await viaProduct(`warm-up ${i}`);
    const sent = fake.bodiesOf('POST /prompt').at(-1) as { prompt: Graph } | undefined;
    if (!sent) throw new Error('the product sent no prompt');
    for (let i = 0; i < 3; i += 1) await direct.run(reseeded(sent.prompt, 1_000_000 + i));
    const productMs: number[] = [];
    const directMs: number[] = [];
    for (let i = 0; i < tasks; i += 1) {
      productMs.push(await viaProduct(`bench ${i}`));
      const t0 = performance.now();
      await direct.run(reseeded(sent.prompt, 2_000_000 + i));
      directMs.push(performance.now() - t0);
    }
    const product50 = pct(productMs, 50);
    const direct50 = pct(directMs, 50);
    return {
      tasks,
      productP50: product50,
      productP95: pct(productMs, 95),
      directP50: direct50,
      directP95: pct(directMs, 95),
      ratio: product50 / direct50,
      load,
    };
  } finally {
    (account as { stream: { close(): void } } | null)?.stream.close();
    direct.close();
    await product.stop();
    await fake.close();
  }
}

export function printPlatformCost(r: Awaited<ReturnType<typeof platformCost>>) {
  console.log(
    `\n(p) platform cost per task (the product as \`npm start\` runs it, GENERATION_ENGINE=comfyui, a ComfyUI-protocol server answering at once, ${r.tasks} tasks one at a time): submit → complete on the event stream p50 ${r.productP50.toFixed(1)} ms (p95 ${r.productP95.toFixed(1)}), the same graph sent straight to the server p50 ${r.directP50.toFixed(1)} ms (p95 ${r.directP95.toFixed(1)}); ratio ${r.ratio.toFixed(2)} (goal ≤ ${PLATFORM_RATIO_GOAL}) ${r.ratio <= PLATFORM_RATIO_GOAL ? 'met' : 'MISSED'}; load average ${r.load.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printPlatformCost(await platformCost(process.argv[2] ? Number(process.argv[2]) : undefined));
  process.exit(0);
}
