import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PROMPT_HELP_TEXT_MAX } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../../test-support/test-app.ts';
import { FakeChatCompletions } from '../../../../test-support/providers/fake-chat-completions.ts';
import { PROMPT_HELP_PER_MINUTE } from './prompt-help.routes.ts';

const improve = (t: TestApp, cookie: string, payload: unknown, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/prompt/improve',
    headers: { ...appHeaders(locale), cookie },
    payload: payload as Record<string, unknown>,
  });

describe('POST /design/prompt/improve without a language model', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await registerUser(t)).cookie;
  });
  afterAll(() => t.close());

  it('composes the prompt offline, free of charge', async () => {
    const balance = async () =>
      (await t.app.inject({ method: 'GET', url: '/turing/design/balance', headers: { cookie } })).json().data.cubes;
    const before = await balance();
    const res = await improve(t, cookie, {
      text: '  庭院 新中式 茶室 ',
      type: 'interior',
      tags: { material: ['walnut'] },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.source).toBe('offline');
    expect(data.prompt).toMatch(
      /^室内设计效果图，庭院，新中式，茶室，新中式风格，庭院，深色木作，水墨色调，深色胡桃木/,
    );
    expect(data.promptEn).toMatch(/^interior design visualization, new chinese style, courtyard, dark timber/);
    expect(data.notes).toEqual(['partly_translated']);
    expect(await balance()).toBe(before);
  });

  it.each([
    ['no text', { text: '   ' }, 'PROMPT_HELP_TEXT_REQUIRED', '请先输入几个词再优化'],
    [
      'too long a text',
      { text: 'x'.repeat(PROMPT_HELP_TEXT_MAX + 1) },
      'PROMPT_HELP_TEXT_TOO_LONG',
      '提示词优化最多支持 500 个字符',
    ],
    ['an unknown answer language', { text: 'villa', lang: 'fr' }, 'VALIDATION', '输入或设置无效'],
    [
      'a tag slug of the wrong shape',
      { text: 'villa', tags: { style: ['Not A Slug'] } },
      'VALIDATION',
      '输入或设置无效',
    ],
    [
      'a tag the type does not offer',
      { text: 'villa', tags: { function: ['kitchen'] } },
      'VALIDATION',
      '输入或设置无效',
    ],
    ['a field it does not take', { text: 'villa', prompt: 'villa' }, 'VALIDATION', '输入或设置无效'],
  ])('refuses %s with a localised error', async (_what, payload, code, msg) => {
    const res = await improve(t, cookie, payload, 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, msg: expect.stringContaining(msg) });
  });

  it('is for signed-in users only', async () => {
    const res = await improve(t, '', { text: 'villa' });
    expect(res.json().status).toBe(202);
  });

  it(`answers ${PROMPT_HELP_PER_MINUTE} a minute to one user, then says when to try again`, async () => {
    const own = (await registerUser(t)).cookie;
    for (let i = 0; i < PROMPT_HELP_PER_MINUTE; i++) {
      expect((await improve(t, own, { text: `villa ${i}` })).statusCode).toBe(200);
    }
    const limited = await improve(t, own, { text: 'villa again' }, 'zh');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringContaining('请求过于频繁') });
    // Another user is not held back by that one.
    expect((await improve(t, cookie, { text: 'villa' })).statusCode).toBe(200);
  });
});

describe('POST /design/prompt/improve with OpenAI', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    fake = await FakeChatCompletions.start('openai');
    t = await buildTestApp({ OPENAI_API_KEY: fake.key, OPENAI_BASE_URL: fake.baseURL, PROMPT_MODEL: 'gpt-4.1-mini' });
    cookie = (await registerUser(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("answers with the model's prompt, cleaned and within the prompt limit", async () => {
    fake.reply = () => `"${'Modern lakeside villa, dusk light, '.repeat(40)}"`;
    const res = await improve(t, cookie, { text: 'villa by a lake', tags: { style: ['modern'] } });
    const data = res.json().data;
    expect(data.source).toBe('openai');
    expect(data.prompt).toMatch(/^Modern lakeside villa, dusk light, Modern/);
    expect(data.prompt.length).toBeLessThanOrEqual(LIMITS.promptMax);
    const sent = fake.chats().at(-1)!;
    expect(sent.model).toBe('gpt-4.1-mini');
    expect(sent.messages![0]!.content).toContain('Modern (modern architecture, clean lines, large glazing)');
    expect(sent.messages![1]).toEqual({ role: 'user', content: 'villa by a lake' });
  });

  it('answers offline, with a notice, when the model is rate limited', async () => {
    fake.fail('chat', fake.rateLimited());
    const res = await improve(t, cookie, { text: 'villa by a lake' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'offline', notes: ['model_failed'] });
    expect(res.json().data.prompt).toContain('villa by a lake');
  });
});

describe('POST /design/prompt/improve past the day’s answers by the language model', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeChatCompletions.start('openai');
    t = await buildTestApp({ OPENAI_API_KEY: fake.key, OPENAI_BASE_URL: fake.baseURL, PROMPT_DAILY_MAX: '2' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers offline, with the notice, without asking the model (PROMPT_DAILY_MAX)', async () => {
    const { cookie } = await registerUser(t);
    for (let i = 0; i < 2; i++) expect((await improve(t, cookie, { text: 'villa' })).json().data.source).toBe('openai');
    const past = (await improve(t, cookie, { text: 'villa' })).json().data;
    expect(past).toMatchObject({ source: 'offline', notes: ['model_failed'] });
    expect(fake.chats()).toHaveLength(2);
    // Another user has answers of their own.
    const other = (await registerUser(t)).cookie;
    expect((await improve(t, other, { text: 'villa' })).json().data.source).toBe('openai');
  });
});

describe('POST /design/prompt/improve with Qwen on DashScope', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    fake = await FakeChatCompletions.start('dashscope');
    // A short wait, so the hang below ends soon; a loopback answer comes well within it.
    t = await buildTestApp({ DASHSCOPE_API_KEY: fake.key, DASHSCOPE_BASE_URL: fake.url, PROMPT_TIMEOUT_MS: '4000' });
    cookie = (await registerUser(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers with Qwen’s Chinese prompt and its English version', async () => {
    fake.reply = () => '湖畔现代别墅，黄昏\nModern lakeside villa, dusk';
    const res = await improve(t, cookie, { text: '湖边别墅' });
    expect(res.json().data).toEqual({
      prompt: '湖畔现代别墅，黄昏',
      promptEn: 'Modern lakeside villa, dusk',
      source: 'qwen',
    });
    expect(fake.chats().at(-1)!.model).toBe('qwen-plus');
  });

  it('answers offline, with a notice, when the model hangs', async () => {
    fake.fail('chat', 'hang');
    const res = await improve(t, cookie, { text: '湖边别墅' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'offline', notes: ['model_failed', 'partly_translated'] });
  });
});
