import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { EngineCapabilities } from '@turing/contract';
import type { Engine } from './engine.ts';
import type { JobWakeups } from './engines/async-job/wakeups.ts';
import type { DrainSource } from './engines/comfyui/operator-drains.ts';
import type { InputStager } from './input-stager.ts';

/**
 * The settings every engine may read besides its own. Declared here rather than taken from the
 * configuration's type: that type is built from the descriptors' own settings, so a descriptor
 * that named it would make the two depend on each other. The configuration has all of these.
 */
interface SharedEngineSettings {
  /** Longest a task may generate (TASK_TIMEOUT_MS). */
  TASK_TIMEOUT_MS: number;
  /** A hosted job whose result link expired is sent again instead of refunded (RESUBMIT_EXPIRED_RESULTS). */
  RESUBMIT_EXPIRED_RESULTS: boolean;
  /** PUBLIC_URL as the operator set it: only then is the server reachable from outside. */
  PUBLIC_URL?: string;
  /** Where users reach the app, without a trailing slash (PUBLIC_URL, else a local address). */
  publicUrl: string;
  /** This node's name among the workers, stable across restarts. */
  nodeId: string;
}

/** What an engine reads: its own settings, parsed by its schema, and the shared ones. */
export type EngineConfig<S extends z.ZodObject = z.ZodObject> = z.output<S> & SharedEngineSettings;

/** What the registry hands an engine it makes. */
export interface EngineDeps<C = SharedEngineSettings> {
  config: C;
  log: FastifyBaseLogger;
  /** Provider callbacks that end a waiting poll early (FLUX's webhook). */
  wakeups?: JobWakeups;
  /** Puts input images where a provider can fetch them by URL; only when the server is reachable from outside. */
  stage?: InputStager;
  /** The GPU servers operators took out of rotation. */
  drains?: DrainSource;
  /** The process's metrics, for what an engine does beyond its tasks (the upscaler's jobs). */
  metrics?: { upscaled(outcome: 'done' | 'failed' | 'cancelled', seconds: number): void };
}

/**
 * One generation engine as the rest of the server knows it without making it: everything that
 * used to be a switch on the engine's name. Each engine's folder exports one (`descriptor.ts`)
 * and `engines/index.ts` lists them; nothing else names an engine. A descriptor is cheap to load:
 * its implementation (an SDK, a socket client, worker threads) is imported inside `create` only,
 * so a node never loads an engine it never runs, and the configuration can read the settings of
 * every engine. `N` is its name as a literal type, `S` the schema of its own settings, `C` what
 * it reads (a list holds it as a `ListedEngine`).
 */
export interface EngineDescriptor<
  N extends string = string,
  S extends z.ZodObject = z.ZodObject,
  C extends SharedEngineSettings = EngineConfig<S>,
> {
  /** The name settings use (GENERATION_ENGINE, MODEL_ENGINES), tasks record and operators see. */
  readonly name: N;
  /**
   * What it does with a task, from its provider's documentation: the studio's model list, the
   * checks before a task is charged, the upscale routing and the input limits read it.
   */
  readonly capabilities: EngineCapabilities;
  /**
   * Its own environment variables: the configuration's schema includes every engine's, so they are
   * parsed (defaults applied, wrong values refused) once at start, whether the engine runs or not.
   * Each variable says what it is with `.describe()`.
   */
  readonly settings: S;
  /** Whether this server has what it needs to run (a key, a server address); without it, its models are unavailable. */
  isSetUp(config: C): boolean;
  /** The settings it cannot run without, named when it is asked for while not set up (e.g. `OPENAI_API_KEY`). */
  readonly needs?: string;
  /** Makes the engine; called once per process, and only when it is set up. Imports the implementation lazily. */
  create(deps: EngineDeps<C>): Promise<Engine>;
  /**
   * The seed that makes result `index` of a task again (a task with that seed and one image gives
   * the same picture), or null when it has none of its own. Asked only for a task with a seed that
   * is not an upscale (an upscale follows no seed).
   */
  resultSeed(task: { seed: number }, index: number): number | null;
  /** Whether a task already running can be stopped (the user's cancel then reaches the engine). */
  readonly canCancelRunning: boolean;
}

/**
 * A descriptor as a list of engines holds it: its own settings unnamed, so what it is handed is
 * typed by the shared settings only (the configuration handed to it holds its own as well).
 */
export type ListedEngine = EngineDescriptor<string, z.ZodObject, SharedEngineSettings>;
