import { randomUUID } from 'node:crypto';
import { FakeProviderBase, type Fault, type Reply, type Request } from './fake-provider-base.ts';

/**
 * Chat completions as two providers document them, for the OpenAI SDK to talk to:
 * - `openai`: POST /v1/chat/completions (the SDK's baseURL is `<url>/v1`);
 * - `dashscope`: DashScope's OpenAI-compatible mode, POST /compatible-mode/v1/chat/completions
 *   (baseURL `<url>/compatible-mode/v1`), whose errors also carry a `request_id`.
 * Both want `Authorization: Bearer <key>` (401 `invalid_api_key` otherwise) and a model and
 * messages (400 otherwise). An answer is a `chat.completion` object: one choice with the assistant's
 * message, `finish_reason: "stop"` (`"length"` when the text was cut at the request's token bound),
 * and usage. Faults from the base: `fail('chat', fake.rateLimited())`, a 5xx, or `'hang'`.
 *
 * OpenAI's reasoning models think before they answer, within the same `max_completion_tokens`: at
 * their default effort a short bound is spent on thinking and the answer comes back empty, cut at
 * the bound (`finish_reason: "length"`). Each family takes only its own `reasoning_effort` values
 * and the other models none (400 `unsupported_value` / `unsupported_parameter`, as OpenAI answers).
 */
export type ChatFlavour = 'openai' | 'dashscope';

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
}

/** Tokens a reasoning model thinks with at each effort, for a request as short as a prompt's. */
const THINKING: Record<string, number> = { none: 0, minimal: 16, low: 192, medium: 640, high: 2048 };

/** A reasoning family's efforts, its default first; null for a model that does not reason. */
function effortsOf(model: string): string[] | null {
  if (/-chat\b/.test(model)) return null;
  if (/^gpt-5\.\d/.test(model)) return ['none', 'low', 'medium', 'high'];
  if (/^gpt-5(?:$|-)/.test(model)) return ['medium', 'minimal', 'low', 'high'];
  if (/^o\d(?:$|-)/.test(model)) return ['medium', 'low', 'high'];
  return null;
}

const PATHS: Record<ChatFlavour, string> = {
  openai: '/v1/chat/completions',
  dashscope: '/compatible-mode/v1/chat/completions',
};

export class FakeChatCompletions extends FakeProviderBase {
  readonly flavour: ChatFlavour;
  readonly key: string;
  /** The assistant's text for a request; a test sets what its model says. */
  reply: (body: ChatBody) => string = () => 'modern lakeside house, warm evening light';

  static async start(flavour: ChatFlavour, key = 'sk-test') {
    return (await new FakeChatCompletions(flavour, key).listen()) as FakeChatCompletions;
  }

  private constructor(flavour: ChatFlavour, key: string) {
    super(
      (r) => (r.method === 'POST' && r.path === PATHS[flavour] ? 'chat' : 'other'),
      (r) => this.answer(r),
    );
    this.flavour = flavour;
    this.key = key;
  }

  /** The SDK's baseURL for this fake. */
  get baseURL() {
    return `${this.url}${PATHS[this.flavour].replace('/chat/completions', '')}`;
  }

  /** The bodies of the chat requests received, oldest first. */
  chats(): ChatBody[] {
    return this.requestsTo('chat').map((r) => r.json as ChatBody);
  }

  private error(status: number, type: string, code: string | null, message: string): Reply {
    const error = { message, type, param: null, code };
    return { status, json: this.flavour === 'dashscope' ? { error, request_id: randomUUID() } : { error } };
  }

  /** A 429 as the provider sends it when a key's request rate is used up. */
  rateLimited(): Fault {
    const reply =
      this.flavour === 'dashscope'
        ? this.error(429, 'limit_requests', 'limit_requests', 'Requests rate limit exceeded, please try again later.')
        : this.error(
            429,
            'requests',
            'rate_limit_exceeded',
            'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.',
          );
    return { status: 429, json: reply.json, headers: { 'retry-after': '20' } };
  }

  /** A 500 as the provider sends it when it fails on its side. */
  serverError(): Fault {
    const reply =
      this.flavour === 'dashscope'
        ? this.error(500, 'internal_error', 'internal_error', 'An internal error has occured, please try again later.')
        : this.error(
            500,
            'server_error',
            null,
            'The server had an error while processing your request. Sorry about that!',
          );
    return { status: 500, json: reply.json };
  }

  private answer(req: Request): Reply {
    if (req.method !== 'POST' || req.path !== PATHS[this.flavour]) {
      return this.error(404, 'invalid_request_error', 'unknown_url', `Unknown request URL: ${req.method} ${req.path}.`);
    }
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return this.error(401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.');
    }
    const body = req.json as ChatBody | undefined;
    if (!body?.model || !Array.isArray(body.messages) || !body.messages.length) {
      return this.error(
        400,
        'invalid_request_error',
        'invalid_value',
        "Missing required parameter: 'model' or 'messages'.",
      );
    }
    const efforts = this.flavour === 'openai' ? effortsOf(body.model) : null;
    if (body.reasoning_effort !== undefined && !efforts) {
      return this.error(
        400,
        'invalid_request_error',
        'unsupported_parameter',
        "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
      );
    }
    if (body.reasoning_effort !== undefined && !efforts!.includes(body.reasoning_effort)) {
      const supported = [...efforts!].sort((a, b) => THINKING[a]! - THINKING[b]!).map((e) => `'${e}'`);
      return this.error(
        400,
        'invalid_request_error',
        'unsupported_value',
        `Unsupported value: 'reasoning_effort' does not support '${body.reasoning_effort}' with this model. Supported values are: ${supported.join(', ')}.`,
      );
    }
    const thinking = efforts ? THINKING[body.reasoning_effort ?? efforts[0]!]! : 0;
    const text = this.reply(body);
    // About four characters a token: an answer past the request's bound (less the thinking) is cut there, as a model stops.
    const bound = body.max_completion_tokens ?? body.max_tokens;
    const room = bound === undefined ? undefined : Math.max(0, bound - thinking);
    const cut = room !== undefined && text.length > room * 4;
    const content = cut ? text.slice(0, room * 4) : text;
    const promptTokens = Math.ceil(body.messages.map((m) => m.content).join(' ').length / 4);
    const completionTokens = Math.ceil(content.length / 4) + thinking;
    return {
      status: 200,
      json: {
        id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content,
              ...(this.flavour === 'openai' ? { refusal: null, annotations: [] } : {}),
            },
            logprobs: null,
            finish_reason: cut ? 'length' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
          ...(efforts ? { completion_tokens_details: { reasoning_tokens: thinking } } : {}),
        },
        system_fingerprint: this.flavour === 'openai' ? 'fp_fake' : null,
      },
    };
  }
}
