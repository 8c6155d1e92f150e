import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from './storage.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('storage', () => {
  it('reads back what it wrote', () => {
    storage.set(STORAGE_KEYS.userProfile, { nickname: 'Ada' });
    expect(storage.get(STORAGE_KEYS.userProfile)).toEqual({ nickname: 'Ada' });
  });

  it('expires entries after 7 days by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    storage.set(STORAGE_KEYS.isLogin, true);
    vi.setSystemTime(new Date('2026-01-07T23:59:00Z'));
    expect(storage.get(STORAGE_KEYS.isLogin)).toBe(true);
    vi.setSystemTime(new Date('2026-01-08T00:00:01Z'));
    expect(storage.get(STORAGE_KEYS.isLogin)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBeNull();
  });

  it('honours a custom lifetime and entries that never expire', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    storage.set('short', 1, { expire: 10 });
    storage.set(STORAGE_KEYS.locale, 'zh', { expire: null });
    vi.setSystemTime(11_000);
    expect(storage.get('short')).toBeNull();
    vi.setSystemTime(10 * 365 * 86_400_000);
    expect(storage.get(STORAGE_KEYS.locale)).toBe('zh');
  });

  it('treats corrupt entries as absent', () => {
    localStorage.setItem('bad', '{not json');
    localStorage.setItem('raw', '"plain"');
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('raw')).toBeNull();
  });
});
