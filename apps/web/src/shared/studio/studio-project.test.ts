import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';
import {
  chooseStudioProject,
  clearStudioProjects,
  setStudioStyleOff,
  studioProjectFields,
  useStudioProject,
} from './studio-project.ts';

const ids = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const choice = (n: number) => ({ projectId: ids(n), viewId: ids(n + 100), projectName: `P${n}`, viewName: 'Street' });
const signIn = (id: string) => storage.set(STORAGE_KEYS.userProfile, { id, nickname: id });

afterEach(() => {
  clearStudioProjects();
  storage.remove(STORAGE_KEYS.userProfile);
});

describe('the studio’s project choice', () => {
  it('is kept per account in this browser', () => {
    signIn(ids(901));
    chooseStudioProject(choice(1));
    signIn(ids(902));
    expect(studioProjectFields()).toEqual({});
    chooseStudioProject(choice(2));
    signIn(ids(901));
    expect(studioProjectFields()).toEqual({ projectId: ids(1), viewId: ids(101) });
  });

  it('is forgotten for every account at logout, and the studio shows "No project" at once', () => {
    signIn(ids(901));
    chooseStudioProject(choice(1));
    signIn(ids(902));
    chooseStudioProject(choice(2));
    setStudioStyleOff(true);
    const { result } = renderHook(() => useStudioProject());
    expect(result.current).toMatchObject({ projectId: ids(2), styleOff: true });

    act(() => clearStudioProjects());
    expect(result.current).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('STUDIO_PROJECT_'))).toEqual([]);
    // The next sign-in here starts in no project, with the style on once one is chosen.
    signIn(ids(901));
    expect(studioProjectFields()).toEqual({});
    chooseStudioProject(choice(3));
    expect(studioProjectFields()).toEqual({ projectId: ids(3), viewId: ids(103) });
  });
});
