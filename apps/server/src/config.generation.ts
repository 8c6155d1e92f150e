import { z } from 'zod';
import { flag } from './config.platform.ts';
import { BUILT_IN_ENGINE, type EngineList } from './generation/engines/index.ts';
import { modelCostsSetting, modelEnginesSetting, qualityTableSetting } from './generation/settings-formats.ts';

/**
 * The settings of generation: which engine makes each model, how tasks are run and timed, and what
 * they cost. Each engine's own variables are in its descriptor (generation/engines/<name>/); all
 * are merged into the environment schema by config.ts.
 */

/**
 * The names GENERATION_ENGINE and MODEL_ENGINES accept follow the engines the server knows
 * (generation/engines/index.ts; a test may give a list with an engine of its own).
 */
export function engineChoiceSettings(engines: EngineList) {
  const names = engines.map((e) => `\`${e.name}\``);
  const spelt = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
  return {
    GENERATION_ENGINE: z
      .enum(engines.map((e) => e.name))
      .default(BUILT_IN_ENGINE)
      .describe(
        `the engine of the product's own models (\`architecture\`, \`architecture-beta\`): ${spelt}. A task without a \`seed\` gets a random one; each result records the seed that makes it again (image i: seed + i on the preview, Stability and FLUX engines, one request an image; only the first image of a ComfyUI batch or a Wan request, which make all their images from one seed; none on OpenAI, whose API takes no seed)`,
      ),
    MODEL_ENGINES: modelEnginesSetting(engines).describe(
      'the engine per model, e.g. `architecture:comfyui,architecture-beta:openai` (any model of the catalogue, see [Models](engines.md#models); the others default to their own engine). A misspelt model or engine, or a model routed twice, stops the start with a message naming it',
    ),
  };
}

/** How tasks run: their sizes, their time limits, and how many one process runs. */
export const taskSettings = {
  QUALITY_LONG_EDGE: qualityTableSetting({ SD: 768, HD: 1280, FHD: 2048 }, 'pixels').describe(
    "the long edge of results at each quality, in pixels (a quality left out keeps its default). A task without `size` is 4:3 for text and keeps the base image's own ratio for iterate and edit; a `size` on iterate crops the base to it, centred",
  ),
  TRANSLATE_MODEL: z
    .string()
    .default('gpt-4o-mini')
    .describe('the OpenAI model that translates Chinese prompts for English-only engines (needs `OPENAI_API_KEY`)'),
  PROMPT_MODEL: z
    .string()
    .optional()
    .describe(
      'the OpenAI model of the studio\'s "Improve prompt" (needs `OPENAI_API_KEY`). Without that key, Qwen on DashScope writes the prompts when `DASHSCOPE_API_KEY` is set (`PROMPT_QWEN_MODEL`); with neither, they are composed from the tags and word packages, offline',
    )
    .meta({ shown: '`TRANSLATE_MODEL`' }),
  PROMPT_QWEN_MODEL: z
    .string()
    .default('qwen-plus')
    .describe(
      'the Qwen model of "Improve prompt" when it runs on DashScope (OpenAI-compatible mode, in the region of `DASHSCOPE_BASE_URL`), e.g. `qwen-plus`, `qwen-turbo`',
    ),
  PROMPT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(14_000)
    .default(10_000)
    .describe(
      'the longest "Improve prompt" waits for its language model (a failed attempt is retried once within it); past it, or when the model fails, the answer is composed offline. Below the web client\'s 15 s',
    ),
  PROMPT_DAILY_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(200)
    .describe(
      'the "Improve prompt" answers one user may have the language model write in a day (24 hours from the first), counted across server processes; past it, and while a process has 8 answers being written at once, the answer is composed offline (`0`: always offline)',
    ),
  TASK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(600_000)
    .describe(
      'generation timeout: the longest a task may generate before it ends timed out (ComfyUI has no timeout of its own), also the longest a task waits while no generation server is available',
    ),
  TASK_STALE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe("silence before another node's dead worker's task is taken back (re-queued or lost)"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2).describe('tasks one process generates at once'),
  QUEUE_PLAN_LANE_SHARE: z.coerce
    .number()
    .int()
    .min(2)
    .max(1000)
    .default(4)
    .describe(
      "the fair queue's turn for pay-per-image tasks: tasks of users with an active time plan start ahead of those paid in cubes, but while both wait at least one start in this many goes to a pay-per-image task. Within each of the two lanes, the next task to start is the oldest one of the user served least recently (round-robin by user; API keys count as their user)",
    ),
  NODE_ID: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/)
    .optional()
    .describe(
      "this node's name among the workers (letters, digits, `.`, `_`, `-`; up to 64): a restarted node takes back its earlier process's tasks at once (not after `TASK_STALE_MS`), asking the GPU server first whether the work is done or still running, so nothing runs twice. Set it where host names change with every start (containers)",
    )
    .meta({ shown: 'host name + a hash of `DATA_DIR` and `PORT`' }),
  UPSCALE_MAX_SIDE: z.coerce
    .number()
    .int()
    .min(512)
    .max(16_384)
    .default(8192)
    .describe(
      "the largest side an upscale may produce; a larger one is refused at submit, uncharged (ComfyUI's own limit is 16384)",
    ),
  RESUBMIT_EXPIRED_RESULTS: flag('false').describe(
    "a FLUX job that finished while no server followed it (a restart longer than the 10 minutes BFL keeps a result's link) has a result that can no longer be collected: `false` leaves that image undelivered and pays its price back; `true` sends a new job for it instead, which costs a second job at BFL for the same image",
  ),
};

/** What things cost in cubes, what accounts receive, and how much one user may hold at once. */
export const priceSettings = {
  COST_CUBES: qualityTableSetting({ SD: 1, HD: 2, FHD: 4 }, 'cubes').describe(
    'cubes per image at each quality (1–8 images a task; a quality left out keeps its default). Short of cubes, a submit answers `INSUFFICIENT_BALANCE` (402) with `details: { need, have, fits }`, `fits` being the largest variant the balance pays for (fewer images, lower quality) or null',
  ),
  MODEL_COSTS: modelCostsSetting()
    .describe(
      "per-model prices over the catalogue's, models separated by `;`: `flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20` — cubes per image at each quality (`SD`, `HD`, `FHD`) and per upscale (`x2`, `x4`, when the model's own engine makes it; otherwise the built-in upscaler's 2 and 4). The product's own models take `COST_CUBES` unless named here. An unknown model or key, or a price that is not a whole number above 0, stops the start with a message naming it",
    )
    .meta({ shown: "— (the catalogue's prices, see [Models](engines.md#models))" }),
  WELCOME_CUBES: z.coerce.number().int().min(0).default(20).describe('cubes a new account starts with'),
  INVITE_BONUS_CUBES: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(10)
    .describe(
      'cubes the invited user and the inviter each receive, once, when an invitation code is entered (`0`: no bonus). Two accounts earn it once between them, whichever invites the other',
    ),
  INVITE_BONUS_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(50)
    .describe('invitations per inviter that pay the bonus; past it a code still links the accounts, without a bonus'),
  USER_ACTIVE_TASKS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(8)
    .describe('tasks one user may have queued or running at once'),
  FOLDERS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .describe(
      'workspace folders one user may make besides the default one; past it creating one answers `FOLDER_LIMIT` (409) with the limit, and the folder list is paged (a user also creates at most 30 a minute)',
    ),
  EVENT_STREAMS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(6)
    .describe('live task streams one user may hold open at once; a new one beyond that closes the oldest'),
};
