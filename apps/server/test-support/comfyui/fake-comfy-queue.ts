import sharp from 'sharp';
import type { Graph, HistoryEntry, ImageRef, QueueItem } from '../../src/generation/engines/comfyui/comfy-types.ts';
import { batchSize, executionOrder } from './fake-comfy-validate.ts';

export interface QueueEntry {
  number: number;
  id: string;
  prompt: Graph;
  extra: { client_id?: string };
  outputs: string[];
  /** Its first node fails the moment it starts (out of memory, missing file, a cached failure). */
  failAtOnce?: NodeFailure;
}

export interface NodeFailure {
  type: string;
  message: string;
}

/**
 * How the test server misbehaves: `silent` works but sends nothing on /ws (a half-open socket);
 * `hang` wedges the executor inside the running sampler (a stuck CUDA call: interrupts go unseen,
 * /queue shows it running, HTTP and the socket stay up, nothing more is sent about it).
 */
export type FakeFault = 'none' | 'silent' | 'hang';

export type Send = (type: string, data: Record<string, unknown>, sid?: string) => void;
export type SendBytes = (bytes: Buffer, sid?: string) => void;

const HEAVY = new Set(['KSampler', 'ImageUpscaleWithModel']);
const ABANDONED = Symbol('abandoned');
const INTERRUPTED = Symbol('interrupted');

/**
 * The prompt queue and executor of the test server, after ComfyUI's execution.py and main.py:
 * one prompt runs at a time in `number` order; messages go to the prompt's client_id; history is
 * written before the final `executing {node: null}`; an identical graph is answered from cache.
 */
export class FakePromptQueue {
  running: QueueEntry | undefined;
  pending: QueueEntry[] = [];
  readonly history = new Map<string, HistoryEntry>();
  /** Files by "type/subfolder/filename". */
  readonly files = new Map<string, Buffer>();
  lastNode: string | undefined;
  number = 0;
  fault: FakeFault = 'none';
  /** The whole machine stopped (set by the server's freeze): nothing is sent, nothing runs. */
  frozen = false;
  /** Holds every running sampler after its first step until `release()` lets that one go, or an interrupt. */
  hold = false;
  failClass: (NodeFailure & { classType: string }) | undefined;
  steps = 3;
  stepDelayMs: number;
  private readonly executed = new Set<string>();
  private readonly released = new Set<string>();
  private epoch = 0;
  private interruptFlag = false;
  private wake: (() => void) | undefined;
  private counter = 0;
  private readonly send: Send;
  private readonly sendBytes: SendBytes;

  constructor(send: Send, sendBytes: SendBytes, stepDelayMs: number) {
    this.send = (type, data, sid) => this.fault !== 'silent' && !this.frozen && send(type, data, sid);
    this.sendBytes = (bytes, sid) => this.fault !== 'silent' && !this.frozen && sendBytes(bytes, sid);
    this.stepDelayMs = stepDelayMs;
  }

  remaining(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  queueInfo(): { queue_running: unknown[]; queue_pending: unknown[] } {
    const row = (e: QueueEntry) => [e.number, e.id, e.prompt, e.extra, e.outputs];
    return { queue_running: this.running ? [row(this.running)] : [], queue_pending: this.pending.map(row) };
  }

  put(entry: QueueEntry): void {
    this.pending.push(entry);
    this.statusUpdate();
    setImmediate(() => this.pump());
  }

  deletePending(id: string): void {
    this.pending = this.pending.filter((e) => e.id !== id);
    this.statusUpdate();
  }

  /** POST /interrupt: with a prompt_id only that prompt, if it is the one running. */
  interrupt(promptId?: string): void {
    if (!this.running || (promptId && this.running.id !== promptId)) return;
    this.interruptFlag = true;
    this.wake?.();
  }

  /** Lets the prompt held now go on; later ones are held again while `hold` stays set. */
  release(): void {
    if (this.running) this.released.add(this.running.id);
    this.wakeUp();
  }

  wakeUp(): void {
    this.wake?.();
  }

  /** A process restart: queue, history, cache and the running prompt are gone. */
  reset(): void {
    this.epoch++;
    this.running = undefined;
    this.pending = [];
    this.history.clear();
    this.executed.clear();
    this.released.clear();
    this.lastNode = undefined;
    this.number = 0;
    this.wake?.();
  }

  statusUpdate(): void {
    this.send('status', { status: { exec_info: { queue_remaining: this.remaining() } } });
  }

  /** Starts the next prompt now (main.py's worker thread picks it up while the HTTP answer is still being written). */
  pump(): void {
    if (this.running || this.pending.length === 0) return;
    this.pending.sort((a, b) => a.number - b.number);
    this.running = this.pending.shift()!;
    this.interruptFlag = false;
    this.statusUpdate();
    if (this.running.failAtOnce) this.failAtOnce(this.running, this.running.failAtOnce);
    // execute() ends every path itself (history and `executing: null`); nothing is left to reject.
    else this.execute(this.running, this.epoch).catch(() => undefined);
  }

  /** execution.py without a pause: start, the first node's error, history, then `executing: null`. */
  private failAtOnce(entry: QueueEntry, failure: NodeFailure): void {
    const messages: [string, Record<string, unknown>][] = [];
    const emit = (type: string, data: Record<string, unknown>): void => {
      const full = { ...data, prompt_id: entry.id, timestamp: Date.now() };
      messages.push([type, full]);
      this.send(type, full, entry.extra.client_id);
    };
    const first = executionOrder(entry.prompt)[0] ?? '';
    emit('execution_start', {});
    emit('execution_cached', { nodes: [] });
    this.send('executing', { node: first, display_node: first, prompt_id: entry.id }, entry.extra.client_id);
    emit('execution_error', {
      node_id: first,
      node_type: entry.prompt[first]?.class_type,
      executed: [],
      exception_message: failure.message,
      exception_type: failure.type,
      traceback: [],
    });
    this.complete(entry, false, {}, messages);
  }

  private async execute(entry: QueueEntry, epoch: number): Promise<void> {
    const sid = entry.extra.client_id;
    const messages: [string, Record<string, unknown>][] = [];
    const emit = (type: string, data: Record<string, unknown>, broadcast = false): void => {
      const full = { ...data, prompt_id: entry.id, timestamp: Date.now() };
      messages.push([type, full]);
      this.send(type, full, broadcast ? undefined : sid);
    };
    const key = JSON.stringify(entry.prompt);
    const order = executionOrder(entry.prompt);
    const cached = this.executed.has(key) ? order : [];
    emit('execution_start', {});
    emit('execution_cached', { nodes: cached });
    const outputs: Record<string, { images: ImageRef[] }> = {};
    const done: string[] = [];
    let success = false;
    let current = '';
    try {
      for (const id of order.filter((n) => !cached.includes(n))) {
        current = id;
        const node = entry.prompt[id]!;
        this.lastNode = id;
        this.send('executing', { node: id, display_node: id, prompt_id: entry.id }, sid);
        await this.step(epoch);
        if (this.failClass?.classType === node.class_type) throw this.failClass;
        if (HEAVY.has(node.class_type)) await this.sample(entry, id, epoch, sid);
        if (node.class_type === 'SaveImage') {
          outputs[id] = { images: await this.save(entry.prompt, id) };
          this.send('executed', { node: id, display_node: id, output: outputs[id], prompt_id: entry.id }, sid);
        }
        done.push(id);
      }
      emit('execution_success', {});
      success = true;
    } catch (err) {
      if (err === ABANDONED || epoch !== this.epoch) return;
      const where = { node_id: current, node_type: entry.prompt[current]?.class_type, executed: done };
      if (err === INTERRUPTED) emit('execution_interrupted', where, true);
      else {
        const { type, message } = err as { type: string; message: string };
        emit('execution_error', { ...where, exception_message: message, exception_type: type, traceback: [] });
      }
    }
    if (success) this.executed.add(key);
    this.complete(entry, success, outputs, messages);
  }

  /** main.py after execute(): history first, then the status broadcast and `executing: null`. */
  private complete(
    entry: QueueEntry,
    success: boolean,
    outputs: Record<string, { images: ImageRef[] }>,
    messages: [string, Record<string, unknown>][],
  ): void {
    const status = { status_str: success ? 'success' : 'error', completed: success, messages };
    const prompt: QueueItem = [entry.number, entry.id, entry.prompt, entry.extra, entry.outputs];
    this.history.set(entry.id, { prompt, outputs: success ? outputs : {}, status });
    this.running = undefined;
    this.lastNode = undefined;
    this.statusUpdate();
    this.send('executing', { node: null, prompt_id: entry.id }, entry.extra.client_id);
    this.pump();
  }

  private async sample(entry: QueueEntry, id: string, epoch: number, sid?: string): Promise<void> {
    const max = this.steps;
    for (let value = 1; value <= max; value++) {
      await this.step(epoch);
      this.send('progress', { value, max, prompt_id: entry.id, node: id }, sid);
      this.sendBytes(await previewFrame(), sid);
      while (this.blocked(entry, epoch)) await new Promise<void>((resolve) => (this.wake = resolve));
      await this.step(epoch);
    }
  }

  private blocked(entry: QueueEntry, epoch: number): boolean {
    if (epoch !== this.epoch) return false;
    if (this.fault === 'hang' || this.frozen) return true;
    return this.hold && !this.interruptFlag && !this.released.has(entry.id);
  }

  private async step(epoch: number): Promise<void> {
    await new Promise((r) => setTimeout(r, this.stepDelayMs));
    if (epoch !== this.epoch) throw ABANDONED;
    if (this.interruptFlag) throw INTERRUPTED;
  }

  private async save(graph: Graph, id: string): Promise<ImageRef[]> {
    const prefix = String(graph[id]!.inputs.filename_prefix ?? 'ComfyUI');
    const slash = prefix.lastIndexOf('/');
    const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
    const base = prefix.slice(slash + 1);
    const images: ImageRef[] = [];
    for (let i = 0; i < batchSize(graph); i++) {
      const filename = `${base}_${String(++this.counter).padStart(5, '0')}_.png`;
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: (this.counter * 40) % 256, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      this.files.set(`output/${subfolder}/${filename}`, png);
      images.push({ filename, subfolder, type: 'output' });
    }
    return images;
  }
}

let preview: Buffer | undefined;

/** PREVIEW_IMAGE frame: event type 1, format 1 (JPEG), then the image. */
async function previewFrame(): Promise<Buffer> {
  preview ??= await sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  return Buffer.concat([header, preview]);
}
