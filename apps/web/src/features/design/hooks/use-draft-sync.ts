import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { getServerDraft, saveServerDraft, type ServerDraft } from '../api/studio-drafts.ts';
import { parseDraft, writeDraft, type StudioDraft } from '../lib/studio-draft.ts';
import type { StudioMode } from '../lib/studio-values.ts';

/** How long after the last change a draft goes to the server. */
const DRAFT_SAVE_DELAY_MS = 1000;

type Content = Pick<StudioDraft, 'values' | 'live' | 'selected'>;

/** A draft as the server keeps it, read like a stored one. */
export const fromServer = (draft: ServerDraft) =>
  parseDraft({ ...draft.data, editedAt: Date.parse(draft.editedAt), rev: draft.rev });

/**
 * Keeps a studio page's draft: in this browser at once (the offline copy), and on the server a
 * second after the user stops, so another browser or computer continues from it. A newer edit made
 * elsewhere is shown instead (`onNewer`) and the user is told: when the server keeps it over this
 * page's save, and when the page comes back into view (another tab or computer saved meanwhile).
 */
export function useDraftSync(
  mode: StudioMode,
  projectId: string | undefined,
  content: Content,
  start: StudioDraft | null,
  onNewer?: (draft: StudioDraft) => void,
) {
  const { t } = useTranslation('design');
  const rev = useRef(start?.rev ?? 0);
  // When this page last changed the draft: an edit elsewhere older than that is not shown over it.
  const edited = useRef(start?.editedAt ?? 0);
  // What the draft was when last kept: a render that changed nothing saves nothing.
  const kept = useRef(start ? JSON.stringify(pick(start)) : null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const send = useRef<() => void>(() => {});
  const adopt = useRef<(draft: ServerDraft) => void>(() => {});
  useEffect(() => {
    adopt.current = (draft) => {
      const newer = fromServer(draft);
      if (!newer) return;
      rev.current = draft.rev;
      edited.current = newer.editedAt ?? 0;
      kept.current = JSON.stringify(pick(newer));
      writeDraft(mode, newer, projectId);
      toast.info(t('drafts.newer'));
      onNewer?.(newer);
    };
  });

  useEffect(() => {
    const json = JSON.stringify(pick(content));
    if (json === kept.current) return;
    kept.current = json;
    const editedAt = Date.now();
    edited.current = editedAt;
    writeDraft(mode, { ...content, editedAt, rev: rev.current }, projectId);
    send.current = () => {
      send.current = () => {};
      pending.current = null;
      saveServerDraft({
        mode,
        ...(projectId && { projectId }),
        data: JSON.parse(json) as Record<string, unknown>,
        baseRev: rev.current,
        editedAt: new Date(editedAt).toISOString(),
      }).then(
        ({ saved, draft }) => {
          if (!saved) return adopt.current(draft);
          rev.current = draft.rev;
          writeDraft(mode, { ...content, editedAt, rev: draft.rev }, projectId);
        },
        // Offline or refused: the browser's copy stays and the next change tries again.
        () => undefined,
      );
    };
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => send.current(), DRAFT_SAVE_DELAY_MS);
  });

  // Back in view: another tab or computer may have saved a newer edit meanwhile (unless this page
  // has a change of its own on its way, which is newer still).
  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== 'visible' || pending.current) return;
      getServerDraft(mode, projectId).then(
        ({ draft }) => {
          if (draft && draft.rev > rev.current && Date.parse(draft.editedAt) > edited.current && !pending.current)
            adopt.current(draft);
        },
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [mode, projectId]);

  // Leaving the page sends what is waiting rather than dropping it.
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
      send.current();
    },
    [],
  );
}

const pick = (d: Content): Content => ({ values: d.values, live: d.live, selected: d.selected });
