import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import {
  clearDraft,
  clearLocalDrafts,
  DRAFT_LIVE_MAX,
  newerDraft,
  parseDraft,
  readDraft,
  writeDraft,
  type StudioDraft,
} from './studio-draft.ts';
import { DEFAULT_VALUES } from './studio-values.ts';

const signIn = (id: string) => storage.set(STORAGE_KEYS.userProfile, { id, nickname: id });
const base = { id: 'u1', url: '/files/u1.png', width: 1200, height: 800 };
const draft: StudioDraft = {
  values: {
    ...DEFAULT_VALUES,
    prompt: 'A brick library',
    negativePrompt: 'people',
    tags: { style: ['modern'], material: ['timber'], function: [] },
    wordPackageIds: ['wp1'],
    quality: 'HD',
    count: 3,
    seed: 77,
    images: { base },
  },
  live: ['t2', 't1'],
  selected: { id: 't2', index: 1 },
};

beforeEach(() => localStorage.clear());

describe('the studio draft store', () => {
  it('keeps a draft per user and per page', () => {
    signIn('a');
    writeDraft('iterate', draft);
    expect(readDraft('iterate')).toEqual(draft);
    expect(readDraft('text')).toBeNull();
    signIn('b');
    expect(readDraft('iterate')).toBeNull();
    signIn('a');
    clearDraft('iterate');
    expect(readDraft('iterate')).toBeNull();
  });

  it('keeps nothing without a signed-in user', () => {
    writeDraft('text', draft);
    expect(localStorage.length).toBe(0);
    expect(readDraft('text')).toBeNull();
  });

  it('reads a damaged draft field by field, dropping what is malformed', () => {
    const parsed = parseDraft({
      values: { prompt: 'kept', count: 99, quality: 'XXL', images: { base, reference: { id: 3 } }, seed: 'x' },
      live: ['t1', 5, ...Array.from({ length: 20 }, (_, i) => `x${i}`)],
      selected: { id: 't1', index: -1 },
    })!;
    expect(parsed.values.prompt).toBe('kept');
    expect(parsed.values.count).toBe(DEFAULT_VALUES.count);
    expect(parsed.values.quality).toBe(DEFAULT_VALUES.quality);
    expect(parsed.values.images).toEqual({ base });
    expect(parsed.values.seed).toBeUndefined();
    expect(parsed.live).toHaveLength(DRAFT_LIVE_MAX);
    expect(parsed.live[0]).toBe('t1');
    expect(parsed.selected).toBeNull();
    expect(parseDraft('nonsense')).toBeNull();
  });

  it('keeps a project’s drafts apart from those outside any project', () => {
    signIn('a');
    writeDraft('text', draft, 'p1');
    expect(readDraft('text', 'p1')).toEqual(draft);
    expect(readDraft('text')).toBeNull();
    expect(readDraft('text', 'p2')).toBeNull();
  });

  it('keeps the edit time and the server’s rev, and tells the newer of two drafts', () => {
    signIn('a');
    writeDraft('edit', { ...draft, editedAt: 2000, rev: 4 });
    expect(readDraft('edit')).toMatchObject({ editedAt: 2000, rev: 4 });
    const older = { ...draft, editedAt: 1000 };
    const newer = { ...draft, editedAt: 3000 };
    expect(newerDraft(older, newer)).toBe(newer);
    expect(newerDraft(newer, older)).toBe(newer);
    expect(newerDraft(null, older)).toBe(older);
    expect(newerDraft(draft, older)).toBe(older);
    expect(parseDraft({ ...draft, editedAt: 'soon', rev: -1 })).not.toHaveProperty('editedAt');
  });

  it('forgets every draft of this browser at logout, and nothing else', () => {
    signIn('a');
    writeDraft('text', draft);
    writeDraft('iterate', draft, 'p1');
    clearLocalDrafts();
    expect(readDraft('text')).toBeNull();
    expect(readDraft('iterate', 'p1')).toBeNull();
    expect(storage.get(STORAGE_KEYS.userProfile)).not.toBeNull();
  });
});
