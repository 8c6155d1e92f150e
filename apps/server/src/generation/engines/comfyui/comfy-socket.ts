import type { PreviewFrame, SocketMessage } from './comfy-types.ts';

export interface SocketListener {
  onMessage(message: SocketMessage): void;
  onPreview(frame: PreviewFrame): void;
  /** A connection (re)opened: messages may have been missed meanwhile, or the server restarted. */
  onOpen(): void;
}

export interface SocketLog {
  info(msg: string): void;
  warn(msg: string): void;
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
 * Node's built-in WebSocket (undici) is used rather than `ws`: it needs no runtime dependency and
 * covers everything here; a half-open connection it cannot detect is caught by the watchdog polls.
 */
export class ComfySocket {
  /** The prompt the server last said it was executing for us; previews without metadata belong to it. */
  runningPrompt: string | undefined;
  /**
   * Prompts running plus waiting on the server, from the `status` message it broadcasts to every
   * socket whenever its queue changes (and sends on connect); undefined while disconnected.
   */
  queueRemaining: number | undefined;
  private ws: WebSocket | undefined;
  private readonly listeners = new Set<SocketListener>();
  private readonly wsUrl: string;
  private closed = false;
  private delay: number;
  private timer: NodeJS.Timeout | undefined;
  private warned = false;
  private openWaiters: (() => void)[] = [];
  private readonly log: SocketLog;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(httpUrl: string, clientId: string, log: SocketLog, minDelayMs = 250, maxDelayMs = 5_000) {
    this.log = log;
    this.minDelayMs = minDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.wsUrl = `${httpUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    this.delay = minDelayMs;
    this.connect();
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  subscribe(listener: SocketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    this.ws?.close();
    this.listeners.clear();
    for (const w of this.openWaiters.splice(0)) w();
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.wsUrl);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.addEventListener('open', () => {
      if (this.warned) this.log.info(`ComfyUI socket ${this.wsUrl} reconnected`);
      this.warned = false;
      this.delay = this.minDelayMs;
      for (const w of this.openWaiters.splice(0)) w();
      for (const l of [...this.listeners]) l.onOpen();
    });
    ws.addEventListener('message', (event) => this.receive(event.data));
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      // Whatever ran before the drop may be gone (restart); the trackers find out when it reopens.
      this.runningPrompt = undefined;
      this.queueRemaining = undefined;
      if (this.closed) return;
      if (!this.warned) this.log.warn(`ComfyUI socket ${this.wsUrl} closed; reconnecting`);
      this.warned = true;
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, this.maxDelayMs);
    });
    // 'error' is always followed by 'close', which does the reconnecting.
    ws.addEventListener('error', () => undefined);
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
      for (const l of [...this.listeners]) l.onMessage(message);
      return;
    }
    if (data instanceof ArrayBuffer) {
      const frame = decodePreview(Buffer.from(data));
      if (!frame) return;
      frame.promptId ??= this.runningPrompt;
      for (const l of [...this.listeners]) l.onPreview(frame);
    }
  }

  private track(message: SocketMessage): void {
    if (message.type === 'status') {
      const remaining = (message.data.status as { exec_info?: { queue_remaining?: unknown } } | undefined)?.exec_info
        ?.queue_remaining;
      if (typeof remaining === 'number') this.queueRemaining = remaining;
      return;
    }
    const promptId = message.data.prompt_id;
    // After a reconnect the server re-sends the running node without prompt_id; progress names it again.
    if ((message.type === 'execution_start' || message.type === 'progress') && promptId) this.runningPrompt = promptId;
    if (message.type === 'executing' && promptId) this.runningPrompt = message.data.node == null ? undefined : promptId;
  }
}

/**
 * A preview frame: 4-byte big-endian event type, then for PREVIEW_IMAGE a 4-byte format
 * (1 JPEG, 2 PNG) and the image; for the metadata variant a 4-byte length and JSON with prompt_id.
 */
export function decodePreview(buf: Buffer): PreviewFrame | undefined {
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
