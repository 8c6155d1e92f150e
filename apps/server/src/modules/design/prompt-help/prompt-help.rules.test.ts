import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  improvePromptBody,
  LIMITS,
  type DesignType,
  type ImprovePromptBody,
  type Tag,
  type TagCategory,
} from '@turing/contract';
import { FakeChatCompletions } from '../../../../test-support/providers/fake-chat-completions.ts';
import { promptWriterFromConfig, type PromptWriter } from '../../../generation/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import { TAG_SEEDS } from '../catalogue/tags.data.ts';
import { createPromptHelpService, PROMPT_HELP_IN_FLIGHT_MAX, type PromptHelpDeps } from './prompt-help.service.ts';

/** The catalogue's answer for a type, from the seeds (catalogue.service.ts shapes its tags the same way). */
function seededTags(type: DesignType): Record<TagCategory, Tag[]> {
  const tags = { style: [], material: [], function: [] } as Record<TagCategory, Tag[]>;
  for (const s of TAG_SEEDS) {
    if (s.category === 'environment' || (s.type !== 'both' && s.type !== type)) continue;
    tags[s.category].push({
      slug: s.slug,
      category: s.category,
      label: { en: s.en, zh: s.zh },
      prompt: { en: s.prompt, zh: s.promptZh ?? s.prompt },
      image: null,
    });
  }
  return tags;
}

/** Wan reads Chinese; every other model runs on the preview here, which stands in for the English-only fleet. */
const settings = {
  engineFor: (model: string) => (model === 'wan' ? 'wan' : 'preview'),
  capabilities: (engine: string) =>
    ({ languages: engine === 'wan' ? ['en', 'zh'] : ['en'] }) as unknown as ReturnType<
      Parameters<typeof createPromptHelpService>[0]['settings']['capabilities']
    >,
};

/** The service, asked as one user unless a test names another. */
const help = (writer: PromptWriter | null = null, timeoutMs = 10_000, more: Partial<PromptHelpDeps> = {}) => {
  const service = createPromptHelpService({
    catalogue: { tags: async (type) => seededTags(type) },
    settings,
    writer,
    timeoutMs,
    ...more,
  });
  return { improve: (input: ImprovePromptBody, userId = 'user-a') => service.improve(input, userId) };
};

const body = (input: z.input<typeof improvePromptBody>): ImprovePromptBody => improvePromptBody.parse(input);

describe('the offline composition', () => {
  it('turns a few Chinese words into a Chinese prompt from the tags and packages they name, with an English version', async () => {
    const answer = await help().improve(body({ text: '湖边 现代 别墅 夜景' }));
    expect(answer.source).toBe('offline');
    expect(answer.prompt).toBe(
      '建筑设计效果图，湖边，现代，别墅，夜景，带花园的私人别墅，现代建筑，简洁线条，大面积玻璃，夜景，温暖的室内灯光，城市灯火，蓝调时刻的天空，构图均衡，细节丰富',
    );
    // The default model reads English only: the English version has what was recognised, and says
    // that "湖边" (by the lake) could not go into it without a language model.
    expect(answer.promptEn).toBe(
      'architectural visualization, private villa with garden, modern architecture, clean lines, large glazing, night scene, warm interior glow, city lights, blue hour sky, balanced composition, high detail',
    );
    expect(answer.notes).toEqual(['partly_translated']);
    // The same words give the same answer.
    expect(await help().improve(body({ text: '湖边 现代 别墅 夜景' }))).toEqual(answer);
  });

  it('composes English words into an English prompt, adding the usual render when no package is named', async () => {
    const answer = await help().improve(body({ text: 'Small brick houses by the lake.' }));
    expect(answer).toEqual({
      prompt:
        'architectural visualization, Small brick houses by the lake, detached family house, red clay brick masonry, photorealistic architectural rendering, global illumination, 8k, sharp details, balanced composition, high detail',
      source: 'offline',
    });
  });

  it('weaves in the tags chosen in the form, and suits the interior type', async () => {
    const answer = await help().improve(
      body({ text: 'reading corner', type: 'interior', tags: { style: ['scandinavian'], material: ['oak'] } }),
    );
    expect(answer.prompt).toBe(
      'interior design visualization, reading corner, scandinavian design, light timber, soft daylight, light oak wood with fine straight grain, interior design magazine photo, styled props, natural window light, wide angle, balanced composition, high detail',
    );
  });

  it('gives no English version for a model that reads Chinese, and all English when English is asked for', async () => {
    const wan = await help().improve(body({ text: '客厅 北欧', type: 'interior', model: 'wan' }));
    expect(wan.promptEn).toBeUndefined();
    expect(wan.prompt).toContain('北欧设计，浅色木材，柔和日光');

    const english = await help().improve(body({ text: '客厅 北欧 温馨', type: 'interior', lang: 'en' }));
    expect(english.prompt).toBe(
      'interior design visualization, living room interior, scandinavian design, light timber, soft daylight, interior design magazine photo, styled props, natural window light, wide angle, balanced composition, high detail',
    );
    expect(english.notes).toEqual(['partly_translated']);
  });

  it('describes only the region for an edit: no frame and no render package', async () => {
    const answer = await help().improve(body({ text: 'marble floor', mode: 'edit', lang: 'en' }));
    expect(answer.prompt).toBe(
      'marble floor, polished white marble with grey veining, blending seamlessly with the surrounding image, matching its light and perspective',
    );
  });

  it('refuses a tag the type does not offer', async () => {
    const refused = help().improve(body({ text: 'a house', tags: { function: ['kitchen'] } }));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('stays within the prompt limit with the longest text a user may send', async () => {
    const answer = await help().improve(body({ text: '现代'.repeat(250), tags: { style: ['modern', 'brutalist'] } }));
    expect(answer.prompt.length).toBeLessThanOrEqual(LIMITS.promptMax);
    expect(answer.promptEn!.length).toBeLessThanOrEqual(LIMITS.promptMax);
  });
});

describe('which language model writes', () => {
  const settingsOf = (env: Record<string, string | undefined>) =>
    promptWriterFromConfig({
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      PROMPT_MODEL: undefined,
      TRANSLATE_MODEL: 'gpt-4o-mini',
      DASHSCOPE_API_KEY: undefined,
      DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com',
      PROMPT_QWEN_MODEL: 'qwen-plus',
      PROMPT_TIMEOUT_MS: 10_000,
      ...env,
    });
  let openai: FakeChatCompletions;
  let dashscope: FakeChatCompletions;
  beforeAll(async () => {
    openai = await FakeChatCompletions.start('openai');
    dashscope = await FakeChatCompletions.start('dashscope');
  });
  afterAll(async () => {
    await openai.close();
    await dashscope.close();
  });

  it('is OpenAI when its key is set (the translation model unless PROMPT_MODEL names another), even beside DashScope', async () => {
    const writer = settingsOf({
      OPENAI_API_KEY: openai.key,
      OPENAI_BASE_URL: openai.baseURL,
      DASHSCOPE_API_KEY: dashscope.key,
      DASHSCOPE_BASE_URL: dashscope.url,
    });
    const answer = await help(writer).improve(body({ text: 'a timber pavilion' }));
    expect(answer).toEqual({ prompt: 'modern lakeside house, warm evening light', source: 'openai' });
    expect(openai.chats().at(-1)).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: expect.any(Number) });
    expect(dashscope.chats()).toHaveLength(0);

    const named = settingsOf({
      OPENAI_API_KEY: openai.key,
      OPENAI_BASE_URL: openai.baseURL,
      PROMPT_MODEL: 'gpt-5-mini',
    });
    await help(named).improve(body({ text: 'a timber pavilion' }));
    expect(openai.chats().at(-1)!.model).toBe('gpt-5-mini');
  });

  it('is Qwen on DashScope’s compatible mode without an OpenAI key, and none without either', async () => {
    const writer = settingsOf({ DASHSCOPE_API_KEY: dashscope.key, DASHSCOPE_BASE_URL: `${dashscope.url}/` });
    const answer = await help(writer).improve(body({ text: 'a timber pavilion' }));
    expect(answer.source).toBe('qwen');
    const sent = dashscope.chats().at(-1)!;
    expect(sent).toMatchObject({ model: 'qwen-plus', max_tokens: expect.any(Number) });
    // The user's words go as the user's message, apart from the instruction.
    expect(sent.messages).toEqual([
      { role: 'system', content: expect.stringContaining('Write the prompt in English') },
      { role: 'user', content: 'a timber pavilion' },
    ]);
    expect(settingsOf({})).toBeNull();
  });

  it('writes Chinese with its English version for an English-only model, in one answer', async () => {
    const writer = settingsOf({ DASHSCOPE_API_KEY: dashscope.key, DASHSCOPE_BASE_URL: dashscope.url });
    dashscope.reply = () => '湖畔现代别墅，夜景，暖色灯光\nModern lakeside villa, night scene, warm lights';
    expect(await help(writer).improve(body({ text: '湖边 别墅 夜景' }))).toEqual({
      prompt: '湖畔现代别墅，夜景，暖色灯光',
      promptEn: 'Modern lakeside villa, night scene, warm lights',
      source: 'qwen',
    });
    expect(dashscope.chats().at(-1)!.messages![0]!.content).toContain('exactly two lines');

    // Without the English line the prompt still stands; the note says the engine will get it translated.
    dashscope.reply = () => '湖畔现代别墅，夜景';
    expect(await help(writer).improve(body({ text: '湖边 别墅 夜景' }))).toEqual({
      prompt: '湖畔现代别墅，夜景',
      source: 'qwen',
      notes: ['not_translated'],
    });
    // A model that reads Chinese is sent the Chinese alone.
    expect(await help(writer).improve(body({ text: '湖边 别墅 夜景', model: 'wan' }))).toEqual({
      prompt: '湖畔现代别墅，夜景',
      source: 'qwen',
    });
    expect(dashscope.chats().at(-1)!.messages![0]!.content).not.toContain('two lines');
  });
});

describe('a language model that fails', () => {
  let fake: FakeChatCompletions;
  const writer = () =>
    promptWriterFromConfig({
      OPENAI_API_KEY: fake.key,
      OPENAI_BASE_URL: fake.baseURL,
      PROMPT_MODEL: undefined,
      TRANSLATE_MODEL: 'gpt-4o-mini',
      DASHSCOPE_API_KEY: undefined,
      DASHSCOPE_BASE_URL: '',
      PROMPT_QWEN_MODEL: 'qwen-plus',
      PROMPT_TIMEOUT_MS: 10_000,
    });
  beforeAll(async () => {
    fake = await FakeChatCompletions.start('openai');
  });
  afterEach(() => {
    fake.reply = () => 'modern lakeside house, warm evening light';
  });
  afterAll(() => fake.close());

  it('is tried once more after an error on its side, then answered for offline', async () => {
    fake.fail('chat', fake.serverError());
    const before = fake.chats().length;
    expect((await help(writer()).improve(body({ text: 'a pavilion' }))).source).toBe('openai');
    expect(fake.chats().length - before).toBe(2);

    fake.fail('chat', fake.serverError(), fake.serverError());
    const fell = await help(writer()).improve(body({ text: 'a pavilion' }));
    expect(fell).toMatchObject({ source: 'offline', notes: ['model_failed'] });
    expect(fell.prompt).toContain('landscape pavilion');
  });

  it('is not asked again when it is rate limited', async () => {
    fake.fail('chat', fake.rateLimited());
    const before = fake.chats().length;
    expect(await help(writer()).improve(body({ text: 'a pavilion' }))).toMatchObject({
      source: 'offline',
      notes: ['model_failed'],
    });
    expect(fake.chats().length - before).toBe(1);
  });

  it('is left when it hangs past the time allowed', async () => {
    fake.fail('chat', 'hang');
    const answer = await help(writer(), 1000).improve(body({ text: 'a pavilion' }));
    expect(answer).toMatchObject({ source: 'offline', notes: ['model_failed'] });
  });

  it('is answered for offline when its answer holds no prompt', async () => {
    fake.reply = () => '```\n```';
    expect(await help(writer()).improve(body({ text: 'a pavilion' }))).toMatchObject({ source: 'offline' });
  });
});

describe('the bounds on the language model', () => {
  /** A model whose answers wait until the test lets them go, counting the requests it was sent. */
  function heldModel() {
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const model = {
      asked: 0,
      letGo: () => letGo(),
      writer: {
        source: 'openai',
        write: async () => {
          model.asked++;
          await gate;
          return 'modern lakeside house, warm evening light';
        },
      } satisfies PromptWriter,
    };
    return model;
  }

  /** The identity module's rate counters, in memory: one count a key, never reset within a test. */
  function dayCounter() {
    const counts = new Map<string, number>();
    return {
      keys: counts,
      countOver: async (key: string, max: number) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)! > max;
      },
    };
  }

  it(`asks it for at most ${PROMPT_HELP_IN_FLIGHT_MAX} answers at once in a process, composing the others offline`, async () => {
    const model = heldModel();
    const service = help(model.writer);
    const held = Array.from({ length: PROMPT_HELP_IN_FLIGHT_MAX }, (_, i) =>
      service.improve(body({ text: 'a pavilion' }), `user-${i}`),
    );
    await vi.waitFor(() => expect(model.asked).toBe(PROMPT_HELP_IN_FLIGHT_MAX));
    const past = await service.improve(body({ text: 'a pavilion' }), 'user-late');
    expect(past).toMatchObject({ source: 'offline', notes: ['model_failed'] });
    expect(past.prompt).toContain('landscape pavilion');
    expect(model.asked).toBe(PROMPT_HELP_IN_FLIGHT_MAX);

    // Answers given free their places: the model is asked again.
    model.letGo();
    for (const answer of await Promise.all(held)) expect(answer.source).toBe('openai');
    expect((await service.improve(body({ text: 'a pavilion' }), 'user-late')).source).toBe('openai');
  });

  it('asks it for a user’s first answers of the day only, counted in the shared counters', async () => {
    const model = heldModel();
    model.letGo();
    const limits = dayCounter();
    const service = help(model.writer, 10_000, { daily: { max: 2, limits } });
    expect((await service.improve(body({ text: 'a pavilion' }))).source).toBe('openai');
    expect((await service.improve(body({ text: 'a pavilion' }))).source).toBe('openai');
    expect(await service.improve(body({ text: 'a pavilion' }))).toMatchObject({
      source: 'offline',
      notes: ['model_failed'],
    });
    expect(model.asked).toBe(2);
    // Another user's day is their own.
    expect((await service.improve(body({ text: 'a pavilion' }), 'user-b')).source).toBe('openai');
    expect([...limits.keys.keys()]).toEqual(['prompt-help:day:user-a', 'prompt-help:day:user-b']);
  });

  it('counts nothing when there is no language model to ask', async () => {
    const limits = dayCounter();
    expect((await help(null, 10_000, { daily: { max: 0, limits } }).improve(body({ text: 'villa' }))).notes).toBe(
      undefined,
    );
    expect(limits.keys.size).toBe(0);
  });
});
