import { cachedProfile } from '../../../shared/session/login-store.ts';
import { storage } from '../../../shared/storage/storage.ts';
import { fromTaskParams, type SlotImage, type SlotName, type StudioMode, type StudioValues } from './studio-values.ts';

/** The result on the stage: a task and which of its images. */
export interface StageSelection {
  id: string;
  index: number;
}

/** What a studio page keeps between visits: the form, the tasks started from it and the one on the stage. */
export interface StudioDraft {
  values: StudioValues;
  /** Ids of the tasks started on this page, newest first. */
  live: string[];
  selected: StageSelection | null;
}

/** How many started tasks a draft remembers (the history keeps the rest). */
export const DRAFT_LIVE_MAX = 12;
const SLOTS: SlotName[] = ['base', 'reference', 'depth', 'lineArt'];

/** One draft per user and page; none without a signed-in user. */
const key = (mode: StudioMode) => {
  const id = cachedProfile()?.id;
  return id ? `STUDIO_DRAFT_${id}_${mode}` : null;
};

const isImage = (value: unknown): value is SlotImage => {
  const v = value as SlotImage | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.url === 'string' &&
    Number.isFinite(v.width) &&
    Number.isFinite(v.height)
  );
};

/** A stored draft read defensively: anything malformed falls back to the defaults, field by field. */
export function parseDraft(raw: unknown): StudioDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const d = raw as Record<string, unknown>;
  const stored = (typeof d.values === 'object' && d.values !== null ? d.values : {}) as Record<string, unknown>;
  const images: StudioValues['images'] = {};
  const storedImages = (stored.images ?? {}) as Record<string, unknown>;
  for (const slot of SLOTS) if (isImage(storedImages[slot])) images[slot] = storedImages[slot];
  const values: StudioValues = {
    ...fromTaskParams(stored),
    ...(Number.isInteger(stored.seed) && { seed: stored.seed as number }),
    images,
  };
  const live = Array.isArray(d.live)
    ? d.live.filter((id): id is string => typeof id === 'string').slice(0, DRAFT_LIVE_MAX)
    : [];
  const sel = d.selected as StageSelection | null;
  const selected =
    sel && typeof sel.id === 'string' && Number.isInteger(sel.index) && sel.index >= 0
      ? { id: sel.id, index: sel.index }
      : null;
  return { values, live, selected };
}

export function readDraft(mode: StudioMode): StudioDraft | null {
  const k = key(mode);
  return k ? parseDraft(storage.get<unknown>(k)) : null;
}

export function writeDraft(mode: StudioMode, draft: StudioDraft) {
  const k = key(mode);
  if (k) storage.set(k, { ...draft, live: draft.live.slice(0, DRAFT_LIVE_MAX) });
}

export function clearDraft(mode: StudioMode) {
  const k = key(mode);
  if (k) storage.remove(k);
}
