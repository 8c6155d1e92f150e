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
  /** When it was last edited here (ms), and the server's rev it was last saved as (0: not yet). */
  editedAt?: number;
  rev?: number;
}

/** How many started tasks a draft remembers (the history keeps the rest). */
export const DRAFT_LIVE_MAX = 12;
const SLOTS: SlotName[] = ['base', 'reference', 'depth', 'lineArt'];

const PREFIX = 'STUDIO_DRAFT_';
/** One draft per user, project and page; none without a signed-in user. */
const key = (mode: StudioMode, projectId?: string) => {
  const id = cachedProfile()?.id;
  if (!id) return null;
  return projectId ? `${PREFIX}${id}_${projectId}_${mode}` : `${PREFIX}${id}_${mode}`;
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
  const editedAt = typeof d.editedAt === 'number' && Number.isFinite(d.editedAt) ? d.editedAt : undefined;
  const rev = Number.isInteger(d.rev) && (d.rev as number) >= 0 ? (d.rev as number) : undefined;
  return { values, live, selected, ...(editedAt !== undefined && { editedAt }), ...(rev !== undefined && { rev }) };
}

export function readDraft(mode: StudioMode, projectId?: string): StudioDraft | null {
  const k = key(mode, projectId);
  return k ? parseDraft(storage.get<unknown>(k)) : null;
}

export function writeDraft(mode: StudioMode, draft: StudioDraft, projectId?: string) {
  const k = key(mode, projectId);
  if (k) storage.set(k, { ...draft, live: draft.live.slice(0, DRAFT_LIVE_MAX) });
}

export function clearDraft(mode: StudioMode, projectId?: string) {
  const k = key(mode, projectId);
  if (k) storage.remove(k);
}

/** Forgets every draft kept in this browser (at logout: the server keeps them for the next sign-in). */
export function clearLocalDrafts() {
  try {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX));
    for (const k of keys) storage.remove(k);
  } catch {
    // No storage (a private window that refuses it): nothing was kept either.
  }
}

/** The newer of two drafts by their edit time; one without a time is older than any with one. */
export function newerDraft(a: StudioDraft | null, b: StudioDraft | null): StudioDraft | null {
  if (!a || !b) return a ?? b;
  return (b.editedAt ?? 0) > (a.editedAt ?? 0) ? b : a;
}
