import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { Config } from '../config.ts';
import { reasoningOf } from './prompt-reasoning.ts';

/** Which language model writes: OpenAI's, or Qwen through DashScope's OpenAI-compatible mode. */
export type PromptWriterSource = 'openai' | 'qwen';

export interface PromptWriterInput {
  system: string;
  user: string;
  /** The answer's length bound, in tokens. */
  maxTokens: number;
}

/**
 * A chat language model that answers one instruction with text (the studio's "Improve prompt").
 * `write` rejects when no usable answer came before `signal` ended: callers fall back.
 */
export interface PromptWriter {
  readonly source: PromptWriterSource;
  write(input: PromptWriterInput, signal: AbortSignal): Promise<string>;
}

/**
 * A failure worth one more try: the connection dropped or was refused, or the provider erred on its
 * side (5xx). A refusal (4xx: a bad key, a rate limit) would only be refused again, and a rate
 * limit's Retry-After is longer than a person waits for a button.
 */
const retryable = (err: unknown) =>
  !(err instanceof APIUserAbortError) &&
  (err instanceof APIConnectionError || (err instanceof APIError && (err.status ?? 0) >= 500));

/**
 * One chat completion through the OpenAI SDK, at OpenAI or any compatible endpoint (`baseURL`).
 * The SDK's own retries are off: they honour Retry-After for up to a minute. Instead a fast
 * failure is tried once more while the caller's signal still runs, and a hang ends with it.
 */
export function createPromptWriter(opts: {
  source: PromptWriterSource;
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}): PromptWriter {
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutMs, maxRetries: 0 });
  // OpenAI counts an answer's bound as max_completion_tokens (max_tokens is refused by its newer
  // models), and its reasoning models think within it: they get room for that, at the least effort
  // they accept (prompt-reasoning.ts). DashScope's compatible mode documents max_tokens.
  const reasoning = opts.source === 'openai' ? reasoningOf(opts.model) : null;
  const bound = (n: number) => {
    if (opts.source !== 'openai') return { max_tokens: n };
    if (!reasoning) return { max_completion_tokens: n };
    const effort = reasoning.effort ? { reasoning_effort: reasoning.effort } : {};
    return { max_completion_tokens: n + reasoning.room, ...effort };
  };
  return {
    source: opts.source,
    async write(input, signal) {
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await client.chat.completions.create(
            {
              model: opts.model,
              messages: [
                { role: 'system', content: input.system },
                { role: 'user', content: input.user },
              ],
              ...bound(input.maxTokens),
            },
            { signal },
          );
          const text = res.choices[0]?.message.content;
          if (!text?.trim()) throw new Error('the language model answered with no text');
          return text;
        } catch (err) {
          if (attempt >= 2 || signal.aborted || !retryable(err)) throw err;
        }
      }
    },
  };
}

type WriterSettings = Pick<
  Config,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'PROMPT_MODEL'
  | 'TRANSLATE_MODEL'
  | 'DASHSCOPE_API_KEY'
  | 'DASHSCOPE_BASE_URL'
  | 'PROMPT_QWEN_MODEL'
  | 'PROMPT_TIMEOUT_MS'
>;

/**
 * The language model the settings give, in this order: OpenAI when OPENAI_API_KEY is set
 * (PROMPT_MODEL, else TRANSLATE_MODEL); else Qwen on DashScope when DASHSCOPE_API_KEY is set, in
 * the key's region (DASHSCOPE_BASE_URL); else none, and prompts are composed offline.
 */
export function promptWriterFromConfig(config: WriterSettings): PromptWriter | null {
  const timeoutMs = config.PROMPT_TIMEOUT_MS;
  if (config.OPENAI_API_KEY) {
    return createPromptWriter({
      source: 'openai',
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.PROMPT_MODEL ?? config.TRANSLATE_MODEL,
      timeoutMs,
    });
  }
  if (config.DASHSCOPE_API_KEY) {
    return createPromptWriter({
      source: 'qwen',
      apiKey: config.DASHSCOPE_API_KEY,
      baseURL: `${config.DASHSCOPE_BASE_URL.replace(/\/+$/, '')}/compatible-mode/v1`,
      model: config.PROMPT_QWEN_MODEL,
      timeoutMs,
    });
  }
  return null;
}
