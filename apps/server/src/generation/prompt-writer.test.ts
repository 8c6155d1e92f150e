import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeChatCompletions } from '../../test-support/providers/fake-chat-completions.ts';
import { reasoningOf, REASONING_ROOM } from './prompt-reasoning.ts';
import { createPromptWriter } from './prompt-writer.ts';

// "Improve prompt" asks for a short answer (320 tokens, 640 with an English version). OpenAI's
// reasoning models think within that bound: asked as a chat model is, they answer with no text.

const input = { system: 'Write an image prompt.', user: 'a timber pavilion', maxTokens: 320 };
const answer = 'timber pavilion in a birch forest, soft morning light, architectural photography';

describe('the request to a language model', () => {
  let openai: FakeChatCompletions;
  let dashscope: FakeChatCompletions;
  beforeAll(async () => {
    openai = await FakeChatCompletions.start('openai');
    dashscope = await FakeChatCompletions.start('dashscope');
    openai.reply = () => answer;
    dashscope.reply = () => answer;
  });
  afterAll(async () => {
    await openai.close();
    await dashscope.close();
  });

  const write = (model: string, fake = openai, source: 'openai' | 'qwen' = 'openai') =>
    createPromptWriter({ source, apiKey: fake.key, baseURL: fake.baseURL, model, timeoutMs: 10_000 }).write(
      input,
      AbortSignal.timeout(10_000),
    );

  it.each([
    ['gpt-5-mini', 'minimal'],
    ['gpt-5', 'minimal'],
    ['gpt-5.1', 'none'],
    ['o4-mini', 'low'],
    ['o3', 'low'],
  ])('asks %s for the least reasoning it takes (%s), with room for it besides the answer', async (model, effort) => {
    expect(await write(model)).toBe(answer);
    expect(openai.chats().at(-1)).toMatchObject({
      model,
      reasoning_effort: effort,
      max_completion_tokens: input.maxTokens + REASONING_ROOM,
    });
  });

  it('asks a chat model as before: the answer’s bound alone, no reasoning effort', async () => {
    expect(await write('gpt-4.1-mini')).toBe(answer);
    const sent = openai.chats().at(-1)!;
    expect(sent).toMatchObject({ model: 'gpt-4.1-mini', max_completion_tokens: input.maxTokens });
    expect(sent).not.toHaveProperty('reasoning_effort');
  });

  it('asks Qwen on DashScope with max_tokens, as its compatible mode documents', async () => {
    expect(await write('qwen-plus', dashscope, 'qwen')).toBe(answer);
    const sent = dashscope.chats().at(-1)!;
    expect(sent).toMatchObject({ model: 'qwen-plus', max_tokens: input.maxTokens });
    expect(sent).not.toHaveProperty('reasoning_effort');
    expect(sent).not.toHaveProperty('max_completion_tokens');
  });
});

describe('which models reason', () => {
  it('reads the family from the name, a router’s provider prefix aside', () => {
    expect(reasoningOf('gpt-5-nano-2025-08-07')).toEqual({ effort: 'minimal', room: REASONING_ROOM });
    expect(reasoningOf('openai/gpt-5-mini')).toEqual({ effort: 'minimal', room: REASONING_ROOM });
    expect(reasoningOf('gpt-5.2')).toEqual({ effort: 'none', room: REASONING_ROOM });
    expect(reasoningOf('o3-mini')).toEqual({ effort: 'low', room: REASONING_ROOM });
    // These take no lower effort than their default (or none at all): room only.
    expect(reasoningOf('gpt-5-pro')).toEqual({ room: REASONING_ROOM });
    expect(reasoningOf('o1-mini')).toEqual({ room: REASONING_ROOM });
    for (const chat of ['gpt-4o-mini', 'gpt-4.1', 'gpt-5-chat-latest', 'omni-moderation-latest']) {
      expect(reasoningOf(chat)).toBeNull();
    }
  });
});
