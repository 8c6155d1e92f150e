import {
  TAG_CATEGORIES,
  type ImprovePromptBody,
  type ImprovedPrompt,
  type Model,
  type Tag,
  type TagCategory,
} from '@turing/contract';
import type { GenerationSettings, PromptWriter } from '../../../generation/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import type { RateCounterService } from '../../identity/index.ts';
import { WORD_PACKAGE_SEEDS, type WordPackageSeed } from '../catalogue/word-packages.data.ts';
import type { CatalogueService } from '../catalogue.service.ts';
import { readAnswer } from './answer-cleanup.ts';
import { modelBrief } from './model-brief.ts';
import { composeOffline, hasHan, type AnswerLang } from './offline-composer.ts';

export interface PromptHelpDeps {
  catalogue: Pick<CatalogueService, 'tags'>;
  /** The recommended word packages the offline composition draws on (the seeded ones unless given). */
  packages?: readonly WordPackageSeed[];
  /** Which engine makes a model, and which languages it reads. */
  settings: Pick<GenerationSettings, 'engineFor' | 'capabilities'>;
  /** The configured language model; none: every answer is composed offline. */
  writer: PromptWriter | null;
  /** The longest a language model's answer is waited for (PROMPT_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * Answers one user may have the language model write in a day (PROMPT_DAILY_MAX), counted in the
   * database so the bound holds across API nodes and restarts; absent, only the process's bound holds.
   */
  daily?: { max: number; limits: Pick<RateCounterService, 'countOver'> };
  /** Answers the language model may be writing at once for this process (PROMPT_HELP_IN_FLIGHT_MAX unless given). */
  inFlightMax?: number;
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
}

/** The model the studio starts with: the one assumed when the form names none. */
const DEFAULT_MODEL: Model = 'architecture';

/**
 * Answers the language model writes at once for one process. Each holds a request open for up to
 * PROMPT_TIMEOUT_MS and is paid by the operator: past this, answers are composed offline rather
 * than queued, so a burst of users costs neither a queue nor an unbounded bill.
 */
export const PROMPT_HELP_IN_FLIGHT_MAX = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Improve prompt": a few words become a full prompt, by the configured language model or, without
 * one (or when it fails or is slow), composed offline from the catalogue. Free: nothing is charged,
 * nothing stored. A model's failure is never the user's error: the offline answer says it stood in.
 */
export function createPromptHelpService(deps: PromptHelpDeps) {
  const packages = deps.packages ?? WORD_PACKAGE_SEEDS;
  const inFlightMax = deps.inFlightMax ?? PROMPT_HELP_IN_FLIGHT_MAX;
  let inFlight = 0;

  /**
   * A turn of the language model for this user, or why there is none: the process is writing its
   * most at once, or the user's answers for the day are used up. The slot is taken before the
   * day's count is awaited, so parallel requests cannot all slip under the process's bound; the
   * count itself is one atomic statement. Whoever gets a turn releases it.
   */
  async function modelTurn(userId: string): Promise<{ release(): void } | 'busy' | 'daily_limit'> {
    if (inFlight >= inFlightMax) return 'busy';
    inFlight++;
    let over: boolean;
    try {
      over = deps.daily
        ? await deps.daily.limits.countOver(`prompt-help:day:${userId}`, deps.daily.max, DAY_MS)
        : false;
    } catch (err) {
      inFlight--;
      throw err;
    }
    if (over) {
      inFlight--;
      return 'daily_limit';
    }
    return { release: () => void inFlight-- };
  }

  /**
   * Whether a model's engine reads English only, as at submit (task.service.ts): the preview stands
   * in for the English-only fleet, so it counts as one.
   */
  function readsEnglishOnly(model: Model) {
    const engine = deps.settings.engineFor(model);
    return engine === 'preview' || !(deps.settings.capabilities(engine)?.languages ?? []).includes('zh');
  }

  /** The chosen tags as the catalogue has them for the type; a slug it does not offer is refused. */
  function chosenTags(all: Record<TagCategory, Tag[]>, body: ImprovePromptBody) {
    const chosen = { style: [], material: [], function: [] } as Record<TagCategory, Tag[]>;
    for (const category of TAG_CATEGORIES) {
      for (const slug of new Set(body.tags[category])) {
        const tag = all[category].find((t) => t.slug === slug);
        if (!tag) throw new AppError('VALIDATION', { details: [{ field: `tags.${category}`, code: 'VALIDATION' }] });
        chosen[category].push(tag);
      }
    }
    return chosen;
  }

  async function byModel(writer: PromptWriter, brief: Parameters<typeof modelBrief>[0]) {
    const raw = await writer.write(modelBrief(brief), AbortSignal.timeout(deps.timeoutMs));
    const answer = readAnswer(raw, brief);
    if (!answer) throw new Error('the language model answered without a usable prompt');
    return answer;
  }

  return {
    async improve(body: ImprovePromptBody, userId: string): Promise<ImprovedPrompt> {
      const all = await deps.catalogue.tags(body.type);
      const chosen = chosenTags(all, body);
      const lang: AnswerLang = body.lang === 'auto' ? (hasHan(body.text) ? 'zh' : 'en') : body.lang;
      const withEnglish = lang === 'zh' && readsEnglishOnly(body.model ?? DEFAULT_MODEL);
      const input = { text: body.text, mode: body.mode, type: body.type, chosen, lang, withEnglish };

      let failed = false;
      if (deps.writer) {
        const turn = await modelTurn(userId);
        if (typeof turn === 'string') {
          // Not asked: composed offline, with the same notice as when the model fails.
          failed = true;
          deps.log?.warn({ source: deps.writer.source, reason: turn }, 'prompt help: past a bound, answered offline');
        } else {
          try {
            const answer = await byModel(deps.writer, input);
            const untranslated = withEnglish && !answer.promptEn;
            return { ...answer, source: deps.writer.source, ...(untranslated ? { notes: ['not_translated'] } : {}) };
          } catch (err) {
            failed = true;
            // A provider's message may quote the user's words: the kind of failure and its status are logged.
            deps.log?.warn(
              {
                source: deps.writer.source,
                error: err instanceof Error ? err.name : typeof err,
                status: (err as { status?: unknown } | null)?.status ?? null,
              },
              'prompt help: the language model failed, answered offline',
            );
          } finally {
            turn.release();
          }
        }
      }
      const offline = composeOffline(input, { tags: all, packages });
      const notes = [...(failed ? (['model_failed'] as const) : []), ...offline.notes];
      return {
        prompt: offline.prompt,
        ...(offline.promptEn ? { promptEn: offline.promptEn } : {}),
        source: 'offline',
        ...(notes.length ? { notes } : {}),
      };
    },
  };
}
export type PromptHelpService = ReturnType<typeof createPromptHelpService>;
