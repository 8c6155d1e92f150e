import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { TaskParamsInput } from '@turing/contract';
import { cachedProfile } from '../session/login-store.ts';
import { storage } from '../storage/storage.ts';

/**
 * The project and view the studio works in, chosen in its header: tasks submitted from the studio
 * carry them, so their results join the view. Kept per user in this browser (it never expires), so
 * the studio opens in the project the user last worked in. The names are kept for the picker's label
 * before the project list has loaded.
 */
export interface StudioProjectChoice {
  projectId: string;
  viewId: string;
  projectName: string;
  viewName: string;
}

export interface StudioProject extends StudioProjectChoice {
  /** The project's style is off for the tasks submitted now (it is on unless turned off here). */
  styleOff: boolean;
}

const PREFIX = 'STUDIO_PROJECT_';
const key = () => {
  const id = cachedProfile()?.id;
  return id ? `${PREFIX}${id}` : null;
};

const isChoice = (v: unknown): v is StudioProjectChoice => {
  const c = v as StudioProjectChoice | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.projectId === 'string' &&
    typeof c.viewId === 'string' &&
    typeof c.projectName === 'string' &&
    typeof c.viewName === 'string'
  );
};

const listeners = new Set<() => void>();
let version = 0;
// The style switch is for the tasks of this visit only: a new visit starts with the style on.
let styleOff = false;
let cached: { key: string | null; version: number; value: StudioProject | null } | null = null;

function snapshot(): StudioProject | null {
  const k = key();
  if (!cached || cached.key !== k || cached.version !== version) {
    const stored = k ? storage.get<unknown>(k) : null;
    const choice = isChoice(stored) ? stored : null;
    const value = choice
      ? {
          projectId: choice.projectId,
          viewId: choice.viewId,
          projectName: choice.projectName,
          viewName: choice.viewName,
          styleOff,
        }
      : null;
    cached = { key: k, version, value };
  }
  return cached.value;
}

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Chooses the studio's project and view; null works outside any project ("No project"). */
export function chooseStudioProject(choice: StudioProjectChoice | null) {
  const k = key();
  if (!k) return;
  const before = snapshot();
  if (choice) storage.set(k, { ...choice }, { expire: null });
  else storage.remove(k);
  // Another project's style starts on again.
  if (before?.projectId !== choice?.projectId) styleOff = false;
  changed();
}

/**
 * Forgets every account's studio project kept in this browser (at logout: the next person to sign in
 * here starts in no one's project).
 */
export function clearStudioProjects() {
  try {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX));
    for (const k of keys) storage.remove(k);
  } catch {
    // No storage (a private window that refuses it): nothing was kept either.
  }
  styleOff = false;
  changed();
}

/** Turns the project's style off (or on again) for the tasks submitted from now on. */
export function setStudioStyleOff(off: boolean) {
  styleOff = off;
  changed();
}

/** The studio's project and view for the signed-in user, or null ("No project"). */
export function useStudioProject(): StudioProject | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** The fields a task submitted from the studio adds: its project and view, and the style switch. */
export function studioProjectFields(): Pick<TaskParamsInput, 'projectId' | 'viewId' | 'projectStyle'> {
  const chosen = snapshot();
  if (!chosen) return {};
  return { projectId: chosen.projectId, viewId: chosen.viewId, ...(chosen.styleOff && { projectStyle: false }) };
}

/**
 * The studio header's project picker, given by the app (the projects feature draws it; features do
 * not import each other). Renders nothing where no picker is given.
 */
export const StudioProjectSlotContext = createContext<ReactNode>(null);

export function StudioProjectSlot() {
  return useContext(StudioProjectSlotContext);
}
