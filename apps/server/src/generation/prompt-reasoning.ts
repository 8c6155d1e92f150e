import type OpenAI from 'openai';

/**
 * Tokens a reasoning model may think with besides its answer. Its thinking counts against the
 * same `max_completion_tokens` as the answer: a bound sized for a short prompt alone is spent
 * before the answer starts, and the model answers with no text. The bound only caps the bill
 * (what is used is what is billed), and `PROMPT_TIMEOUT_MS` still caps the wait.
 */
export const REASONING_ROOM = 2048;

/** How one OpenAI model is asked for a short answer: the least reasoning it accepts, and room for it. */
interface ReasoningRequest {
  /** Absent for a model that takes no `reasoning_effort` (it answers a 400 to one). */
  effort?: OpenAI.ReasoningEffort;
  room: number;
}

/**
 * OpenAI's reasoning models and the least effort each accepts (a lower value is refused with a 400
 * naming the supported ones): GPT-5, 5 mini and 5 nano `minimal`; GPT-5.1 and later `none`, as
 * `minimal` is not among theirs; the o-series `low` (o1-mini and o1-preview take no effort at all);
 * the pro models only their high efforts, so they keep their default. A name with a provider's
 * prefix (`openai/gpt-5-mini` at a router) is read without it. The chat models (`gpt-5-chat-latest`,
 * GPT-4o, GPT-4.1) do not reason: null, and their request stays as it was.
 */
export function reasoningOf(model: string): ReasoningRequest | null {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  if (/-chat\b/.test(name)) return null;
  if (!/^(?:gpt-5|o\d)(?:$|[-.])/.test(name)) return null;
  if (/-pro\b/.test(name) || /^o1-(?:mini|preview)\b/.test(name)) return { room: REASONING_ROOM };
  if (name.startsWith('o')) return { effort: 'low', room: REASONING_ROOM };
  return { effort: /^gpt-5\.\d/.test(name) ? 'none' : 'minimal', room: REASONING_ROOM };
}
