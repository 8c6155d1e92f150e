import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../../locales');
const keys = (o: Record<string, unknown>, pre = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${pre}${k}.`) : [`${pre}${k}`],
  );
const read = (lang: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')) as Record<string, unknown>;

describe('locales', () => {
  const en = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));
  const zh = fs.readdirSync(path.join(dir, 'zh')).filter((f) => f.endsWith('.json'));

  it('have the same namespaces in both languages', () => {
    expect(zh.sort()).toEqual(en.sort());
  });

  it.each(en)('%s has every key in English and Chinese, none empty', (file) => {
    const a = read('en', file);
    const b = read('zh', file);
    expect(keys(b).sort()).toEqual(keys(a).sort());
    for (const lang of [a, b]) {
      for (const k of keys(lang)) {
        const value = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], lang);
        expect(typeof value === 'string' && value.trim().length > 0, `${file}: ${k}`).toBe(true);
      }
    }
  });
});
