import type { PreviewFrame, SocketMessage } from './comfy-types.ts';

/**
 * What happened on the connection, in the order it happened: a JSON message, a preview frame, a
 * connection (re)opened (messages may have been missed meanwhile, or the server restarted), or an
 * open connection dropped (the server may have died; reconnecting is under way).
 */
export type SocketEvent =
  | { type: 'message'; message: SocketMessage }
  | { type: 'preview'; frame: PreviewFrame }
  | { type: 'open' }
  | { type: 'close' };

export interface SocketLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface SocketTimings {
  minDelayMs: number;
  maxDelayMs: number;
  /** A handshake not done by then is given up (a frozen machine accepts the connection and never answers). */
  openTimeoutMs: number;
}

/** Binary event types of server.py (BinaryEventTypes). */
const PREVIEW_IMAGE = 1;
const PREVIEW_IMAGE_WITH_METADATA = 4;

/**
 * The one long-lived /ws connection of this engine to one server. ComfyUI sends a prompt's
 * execution messages only to the socket whose clientId queued it, and only while it is connected,
 * so a socket opened per task misses whatever happened before it connected. This one stays open
 * and reconnects under the same clientId (server.py then re-sends the node being executed).
 *
 * It keeps nothing of the server's state or of our prompts: what arrives is queued as events, and
 * its one reader (the fleet server) takes them with `events()`, so nothing here calls back into the
 * code above it.
 *
 * Node's built-in WebSocket (undici) is used rather than `ws`: it needs no runtime dependency and
 * covers everything here; a half-open connection it cannot detect is caught by the watchdog polls,
 * which then ask for a fresh one (`reconnect`).
 */
export class ComfySocket {
  /** The prompt the server last said it was executing for us; previews without metadata belong to it. */
  runningPrompt: string | undefined;
  /** When the current connection opened (ms since epoch); undefined while disconnected. */
  openedAt: number | undefined;
  private ws: WebSocket | undefined;
  private pending: SocketEvent[] = [];
  private reader: ((events: SocketEvent[] | undefined) => void) | undefined;
  private readonly wsUrl: string;
  private closed = false;
  private delay: number;
  private timer: NodeJS.Timeout | undefined;
  private openTimer: NodeJS.Timeout | undefined;
  private warned = false;
  private openWaiters: (() => void)[] = [];
  private readonly log: SocketLog;
  private readonly timings: SocketTimings;

  constructor(httpUrl: string, clientId: string, log: SocketLog, timings: Partial<SocketTimings> = {}) {
    this.log = log;
    this.timings = { minDelayMs: 250, maxDelayMs: 5_000, openTimeoutMs: 10_000, ...timings };
    this.wsUrl = `${httpUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    this.delay = this.timings.minDelayMs;
    this.connect();
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Everything that happened since the last call, in order, once there is something; undefined once closed. */
  events(): Promise<SocketEvent[] | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    if (this.pending.length > 0) return Promise.resolve(this.pending.splice(0));
    return new Promise((resolve) => (this.reader = resolve));
  }

  /** Waits up to `ms` for the connection, so a first task after start does not miss its messages. */
  async waitOpen(ms: number): Promise<boolean> {
    if (this.open) return true;
    let timer: NodeJS.Timeout | undefined;
    const opened = new Promise<boolean>((resolve) => {
      this.openWaiters.push(() => resolve(true));
      timer = setTimeout(() => resolve(false), ms);
    });
    const result = await opened;
    clearTimeout(timer);
    return result;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.openTimer);
    this.ws?.close();
    this.pending = [];
    this.reader?.(undefined);
    this.reader = undefined;
    for (const w of this.openWaiters.splice(0)) w();
  }

  /**
   * Drops the connection and opens a new one at once: a connection that looks open may be dead at
   * the far end (the machine stopped or restarted without a FIN we saw), and only a new one tells.
   */
  reconnect(): void {
    if (this.closed || !this.ws) return;
    const old = this.ws;
    this.dropped(old);
    old.close();
    clearTimeout(this.timer);
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.wsUrl);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    clearTimeout(this.openTimer);
    this.openTimer = setTimeout(() => {
      if (this.ws !== ws || ws.readyState !== WebSocket.CONNECTING) return;
      this.dropped(ws);
      ws.close();
      this.retry();
    }, this.timings.openTimeoutMs);
    this.openTimer.unref();
    ws.addEventListener('open', () => {
      if (this.ws !== ws) return;
      clearTimeout(this.openTimer);
      if (this.warned) this.log.info(`ComfyUI socket ${this.wsUrl} reconnected`);
      this.warned = false;
      this.delay = this.timings.minDelayMs;
      this.openedAt = Date.now();
      for (const w of this.openWaiters.splice(0)) w();
      this.push({ type: 'open' });
    });
    ws.addEventListener('message', (event) => this.ws === ws && this.receive(event.data));
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.dropped(ws);
      this.retry();
    });
    // 'error' is always followed by 'close', which does the reconnecting.
    ws.addEventListener('error', () => undefined);
  }

  /** Forgets a connection: whatever ran before the drop may be gone (restart); the reader finds out when it reopens. */
  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    const wasOpen = this.openedAt !== undefined;
    this.ws = undefined;
    this.openedAt = undefined;
    this.runningPrompt = undefined;
    clearTimeout(this.openTimer);
    // Only a connection that was open is news; failed attempts while the server is away are not.
    if (wasOpen) this.push({ type: 'close' });
  }

  private retry(): void {
    if (this.closed) return;
    if (!this.warned) this.log.warn(`ComfyUI socket ${this.wsUrl} closed; reconnecting`);
    this.warned = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, this.timings.maxDelayMs);
  }

  private push(event: SocketEvent): void {
    if (this.closed) return;
    this.pending.push(event);
    const reader = this.reader;
    this.reader = undefined;
    reader?.(this.pending.splice(0));
  }

  private receive(data: unknown): void {
    if (typeof data === 'string') {
      let message: SocketMessage;
      try {
        message = JSON.parse(data) as SocketMessage;
      } catch {
        return;
      }
      if (!message || typeof message.type !== 'string') return;
      message.data ??= {};
      this.track(message);
      this.push({ type: 'message', message });
      return;
    }
    if (data instanceof ArrayBuffer) {
      const frame = decodePreview(Buffer.from(data));
      if (!frame) return;
      frame.promptId ??= this.runningPrompt;
      this.push({ type: 'preview', frame });
    }
  }

  /** Which prompt runs, so a preview frame without metadata can be told whose it is. */
  private track(message: SocketMessage): void {
    const promptId = message.data.prompt_id;
    // After a reconnect the server re-sends the running node without prompt_id; progress names it again.
    if ((message.type === 'execution_start' || message.type === 'progress') && promptId) this.runningPrompt = promptId;
    if (message.type === 'executing' && promptId) this.runningPrompt = message.data.node == null ? undefined : promptId;
  }
}

/**
 * Prompts running plus waiting on the server (all clients), from a `status` message: the server
 * broadcasts one to every socket whenever its queue changes, and sends one on connect.
 */
export function queueRemainingOf(message: SocketMessage): number | undefined {
  if (message.type !== 'status') return undefined;
  const remaining = (message.data.status as { exec_info?: { queue_remaining?: unknown } } | undefined)?.exec_info
    ?.queue_remaining;
  return typeof remaining === 'number' ? remaining : undefined;
}

/**
 * A preview frame: 4-byte big-endian event type, then for PREVIEW_IMAGE a 4-byte format
 * (1 JPEG, 2 PNG) and the image; for the metadata variant a 4-byte length and JSON with prompt_id.
 */
function decodePreview(buf: Buffer): PreviewFrame | undefined {
  if (buf.length < 8) return undefined;
  const event = buf.readUInt32BE(0);
  if (event === PREVIEW_IMAGE) return { image: buf.subarray(8) };
  if (event === PREVIEW_IMAGE_WITH_METADATA) {
    const length = buf.readUInt32BE(4);
    if (buf.length < 8 + length) return undefined;
    try {
      const meta = JSON.parse(buf.subarray(8, 8 + length).toString('utf8')) as { prompt_id?: string };
      return { image: buf.subarray(8 + length), promptId: meta.prompt_id };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
