import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, isErrorCode } from './errors.ts';

describe('error catalogue', () => {
  it.each(Object.entries(ERRORS))('%s has an HTTP status and a message in both languages', (_code, def) => {
    expect(def.http).toBeGreaterThanOrEqual(400);
    expect(def.en.trim()).not.toBe('');
    expect(def.zh.trim()).not.toBe('');
    expect(def.zh).not.toBe(def.en);
  });

  it('fills placeholders', () => {
    expect(errorMessage('RATE_LIMITED', 'en', { seconds: 42 })).toBe('Too many requests, please try again in 42 s');
    expect(errorMessage('RATE_LIMITED', 'zh', { seconds: 42 })).toBe('请求过于频繁，请 42 秒后再试');
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
