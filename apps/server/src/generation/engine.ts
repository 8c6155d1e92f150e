/**
 * The one interface every image engine implements (embedded preview, ComfyUI fleet, OpenAI).
 * The task lifecycle (queue, states, refunds, storage) lives outside the engines: an engine only
 * turns one prepared task into images, reporting progress on the way.
 */

import type { ErrorCode, Model } from '@turing/contract';

/**
 * An engine's name, as its descriptor gives it (generation/engines/index.ts lists them). A string:
 * the list is the server's own, and the configuration refuses a name it does not have.
 */
export type EngineName = string;
type TaskMode = 'text' | 'iterate' | 'edit' | 'upscale';

/** Input images as encoded bytes (PNG or JPEG), already owned-checked and loaded from storage. */
export interface EngineImages {
  /** iterate / edit / upscale: the image to transform. */
  base?: Buffer;
  /** Colours, materials and mood to borrow, weighted by `imageWeight`. */
  reference?: Buffer;
  /** Depth map steering the composition, weighted by `controlStrength`. */
  depth?: Buffer;
  /** Line drawing (sketch, CAD lines, white model) steering the composition, by `controlStrength`. */
  lineArt?: Buffer;
  /** edit: greyscale PNG at the base image's size; white (255) = change, black (0) = keep. */
  mask?: Buffer;
}

export interface EngineTask {
  /** Our task id; ComfyUI uses it as prompt_id, so it is never reused. */
  id: string;
  /** 1 for the first run, 2 for a retry: an engine that caches identical work must make them differ. */
  attempt: number;
  mode: TaskMode;
  type: 'architectural' | 'interior';
  /** The catalogue's model the user picked. */
  model: Model;
  /** The English prompt sent to the engine (tags, word packages and translated free text joined). */
  prompt: string;
  negativePrompt: string;
  /** Output size in pixels (from size preset and quality); for upscale the source size times `upscale`. */
  width: number;
  height: number;
  /** Images to make (1–8); upscale always makes 1. */
  count: number;
  quality: 'SD' | 'HD' | 'FHD';
  seed: number;
  /** 0–1: how much of the base (iterate) or reference image survives. */
  imageWeight: number;
  /** 0–1: how strongly the prompt is followed. */
  textWeight: number;
  /** 0–1: how strongly line-art and depth images steer the result. */
  controlStrength: number;
  /** Style, material and function tags chosen (their prompt slugs), for engines that use them directly. */
  tags: { style: string[]; material: string[]; function: string[] };
  /**
   * The provider's own model for this task when the catalogue names one (e.g. Stability's `ultra`,
   * FLUX's `flux-pro-1.1-ultra`); absent: the engine's configured default.
   */
  engineModel?: string;
  /** upscale: 2 or 4. */
  upscale?: 2 | 4;
  /**
   * upscale: where the base image came from: a real engine's result (`render`), the user's own
   * upload (`upload`), or a preview drawing (`preview`, also when unknown). The embedded engine marks
   * an upscale "Preview" unless its source was real.
   */
  baseSource?: 'render' | 'upload' | 'preview';
  /**
   * iterate: `neural` keeps the base's geometry (its line art is among the images, strongly
   * weighted), `img2img` restyles freely (no guides); absent or `iterate`: the weights as given.
   */
  renderMode?: 'iterate' | 'neural' | 'img2img';
  images: EngineImages;
}

export type EngineEvent =
  /**
   * A server accepted the task under `ref` (ComfyUI: the prompt id). Recorded on the task, so a
   * process that restarts can ask that server about it (`resume`) instead of sending it again.
   */
  | { type: 'accepted'; server: string; ref: string }
  /** The task waits in the server's own queue with `ahead` prompts before it (0: next to start). */
  | { type: 'queued'; ahead: number }
  /** The engine started working on the task (it left the engine's own queue). */
  | { type: 'started' }
  /** percent 0–100; preview: a small JPEG/PNG of the work in progress, when the engine gives one. */
  | { type: 'progress'; percent: number; preview?: Buffer };

export interface EngineResult {
  /** Encoded images (PNG), `count` of them, at the engine's output size. */
  images: Buffer[];
  /** Which server did the work (ComfyUI fleet), for logs and the task record. */
  server?: string;
}

/**
 * How a run failed; the task lifecycle decides the state from it:
 * - `unavailable`: nothing reached a healthy server (down, refused) → retry once elsewhere, else `lost` (refund);
 * - `invalid`: the engine refused the job (validation, node_errors) → `lost` (refund), no retry;
 * - `refused`: the provider's moderation refused the prompt or an image → `lost` (refund) with its own message, no retry;
 * - `lost`: the server lost the job (restart, crash, died, hung, history gone) → moved to another
 *   server (a bounded number of times), else `lost` (refund);
 * - `stalled`: no progress for too long → `timed_out` (refund);
 * - `interrupted`: cancelled through the engine at our request → `cancelled`.
 * `message` is for logs and operators. `taskError` (optional, with `invalid`) is the error the user
 * is shown instead of the general "the engine refused this task", when the engine knows better.
 */
export type EngineFailure = 'unavailable' | 'invalid' | 'refused' | 'lost' | 'stalled' | 'interrupted';

/** What a task that an engine ended may tell its user, beside the general TASK_REFUSED. */
export type TaskErrorCode = Extract<ErrorCode, 'TASK_INPUT_REJECTED' | 'TASK_PROVIDER_ACCOUNT' | 'TASK_RESULT_EXPIRED'>;

export class EngineError extends Error {
  readonly kind: EngineFailure;
  readonly server?: string;
  readonly taskError?: TaskErrorCode;
  constructor(
    kind: EngineFailure,
    message: string,
    opts: { server?: string; cause?: unknown; taskError?: TaskErrorCode } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'EngineError';
    this.kind = kind;
    this.server = opts.server;
    this.taskError = opts.taskError;
  }
}

export interface EngineRunContext {
  /** Aborted when the user cancels (or the task times out, or the process shuts down). */
  signal: AbortSignal;
  onEvent(event: EngineEvent): void;
  /** Servers that already failed this task (a retry goes elsewhere when it can). */
  avoidServers?: string[];
}

/** One server of a fleet as the engine last saw it. */
export interface EngineServerHealth {
  url: string;
  /** up: takes work; draining: finishes its work, takes none (lacks nodes, or being retired); down: unreachable or hung. */
  state: 'up' | 'draining' | 'down';
  ok: boolean;
  /** Prompts running / waiting there (all clients), ours done there since start. */
  running: number;
  pending: number;
  done: number;
  lastError?: string;
  /** ISO time the server entered its current state. */
  since: string;
  detail?: string;
}

export interface EngineHealth {
  ok: boolean;
  /** Human-readable detail: missing nodes or models, servers down, missing API key. */
  detail?: string;
  servers?: EngineServerHealth[];
}

export interface Engine {
  readonly name: EngineName;
  /** Whether a task already running can be stopped (ComfyUI: /interrupt; preview: yes; OpenAI: no). */
  readonly canCancelRunning: boolean;
  /**
   * Work sent to it may wait in its server's or provider's own queue (ComfyUI, BFL's and
   * DashScope's job queues) before the `started` event: a task it takes is shown queued there, not
   * generating, until then. Absent: it starts at once (preview, a synchronous API).
   */
  readonly queuesAtServer?: boolean;
  /**
   * Runs one task to the end. Resolves with the images; rejects with an EngineError. When
   * `ctx.signal` aborts, a cancellable engine stops the work and rejects with kind `interrupted`.
   */
  run(task: EngineTask, ctx: EngineRunContext): Promise<EngineResult>;
  health(): Promise<EngineHealth>;
  /**
   * Whether some server may take work now (no I/O: the fleet's last known state). False only when
   * every server is known down, so a submit can be refused before anything is charged.
   */
  available(): boolean;
  /** Tasks the engine runs at once across its servers (ComfyUI: one per server that is up); undefined: as many as the workers run. */
  capacity(): number | undefined;
  /**
   * Takes up a task a previous process had handed to `server` under `ref`, without sending it
   * again: collects it when finished, follows it while queued or running. Rejects with `lost`
   * when the server does not know it (then it is sent again). Engines without this resend.
   */
  resume?(task: EngineTask, at: { server: string; ref: string }, ctx: EngineRunContext): Promise<EngineResult>;
  /** Releases sockets and timers (process shutdown). */
  close(): Promise<void>;
}
