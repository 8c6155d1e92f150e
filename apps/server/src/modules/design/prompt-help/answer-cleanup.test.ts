import { describe, expect, it } from 'vitest';
import { isStorableText, LIMITS } from '@turing/contract';
import { capLength, readAnswer } from './answer-cleanup.ts';

const en = { lang: 'en', withEnglish: false } as const;
const zh = { lang: 'zh', withEnglish: false } as const;
const both = { lang: 'zh', withEnglish: true } as const;

describe("a language model's answer made into a prompt", () => {
  it.each([
    ['plain text', 'Modern villa by a lake, dusk light', 'Modern villa by a lake, dusk light'],
    ['quotes', '"Modern villa by a lake, dusk light"', 'Modern villa by a lake, dusk light'],
    ['curly quotes in a label', 'Prompt: “Modern villa by a lake”', 'Modern villa by a lake'],
    ['the opening quote of an answer cut short', '"Modern villa by a lake, dusk', 'Modern villa by a lake, dusk'],
    ['a code fence', '```text\nModern villa by a lake\n```', 'Modern villa by a lake'],
    ['markdown emphasis and a heading', '## **Modern villa** by a *lake*', 'Modern villa by a lake'],
    ['a list over lines', '- Modern villa\n- by a lake\n- dusk light', 'Modern villa, by a lake, dusk light'],
    ['sentences over lines', 'A modern villa.\n\nDusk light.', 'A modern villa. Dusk light.'],
    ['a leading number that is not a list', '1.5-storey house', '1.5-storey house'],
  ])('takes out %s', (_what, raw, prompt) => {
    expect(readAnswer(raw, en)).toEqual({ prompt });
  });

  it('joins Chinese lines with Chinese commas and drops its labels and brackets', () => {
    expect(readAnswer('提示词：「湖畔现代别墅」\n黄昏光线', zh)).toEqual({ prompt: '湖畔现代别墅，黄昏光线' });
  });

  it('reads a Chinese prompt and its English version, in whichever lines they come', () => {
    expect(readAnswer('中文：湖畔现代别墅，\n黄昏光线\nEnglish: Modern lakeside villa, dusk light', both)).toEqual({
      prompt: '湖畔现代别墅，黄昏光线',
      promptEn: 'Modern lakeside villa, dusk light',
    });
  });

  it('finds no prompt in an empty answer, or in English where Chinese was asked for', () => {
    expect(readAnswer('```\n\n```', en)).toBeNull();
    expect(readAnswer('"  "', en)).toBeNull();
    expect(readAnswer('Modern villa by a lake', zh)).toBeNull();
    expect(readAnswer('Modern villa by a lake', both)).toBeNull();
  });

  it('caps a long answer after its last whole phrase', () => {
    const long = Array.from({ length: 200 }, (_, i) => `phrase ${i}`).join(', ');
    const { prompt } = readAnswer(long, en)!;
    expect(prompt.length).toBeLessThanOrEqual(LIMITS.promptMax);
    expect(prompt).toMatch(/phrase \d+$/);
    expect(long.startsWith(prompt)).toBe(true);
    expect(capLength('一'.repeat(LIMITS.promptMax + 10))).toHaveLength(LIMITS.promptMax);
  });

  it('cuts between characters, never inside an emoji or a rare ideograph the prompt field would refuse', () => {
    // Each of these takes two UTF-16 units: an odd limit falls between the halves of one.
    for (const wide of ['😀', '𠀀']) {
      const long = `x${wide.repeat(LIMITS.promptMax)}`;
      const capped = capLength(long);
      expect(capped.length).toBeLessThanOrEqual(LIMITS.promptMax);
      expect(isStorableText(capped)).toBe(true);
      expect(long.startsWith(capped)).toBe(true);
      expect(readAnswer(long, en)!.prompt).toBe(capped);
    }
    expect(capLength('a😀😀', 4)).toBe('a😀');
  });
});
