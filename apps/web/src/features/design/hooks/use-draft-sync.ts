import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { saveServerDraft } from '../api/studio-drafts.ts';
import { parseDraft, writeDraft, type StudioDraft } from '../lib/studio-draft.ts';
import type { StudioMode } from '../lib/studio-values.ts';

/** How long after the last change a draft goes to the server. */
export const DRAFT_SAVE_DELAY_MS = 1000;

type Content = Pick<StudioDraft, 'values' | 'live' | 'selected'>;

/**
 * Keeps a studio page's draft: in this browser at once (the offline copy), and on the server a
 * second after the user stops, so another browser or computer continues from it. When another tab
 * or computer saved a newer edit meanwhile, the server keeps that one and hands it back: it is shown
 * instead (`onNewer`) and the user is told.
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
  // What the draft was when last kept: a render that changed nothing saves nothing.
  const kept = useRef(start ? JSON.stringify(pick(start)) : null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const send = useRef<() => void>(() => {});
  const onNewerRef = useRef(onNewer);
  useEffect(() => {
    onNewerRef.current = onNewer;
  });

  useEffect(() => {
    const json = JSON.stringify(pick(content));
    if (json === kept.current) return;
    kept.current = json;
    const editedAt = Date.now();
    writeDraft(mode, { ...content, editedAt, rev: rev.current }, projectId);
    send.current = () => {
      send.current = () => {};
      saveServerDraft({
        mode,
        ...(projectId && { projectId }),
        data: JSON.parse(json) as Record<string, unknown>,
        baseRev: rev.current,
        editedAt: new Date(editedAt).toISOString(),
      }).then(
        ({ saved, draft }) => {
          rev.current = draft.rev;
          if (saved) return writeDraft(mode, { ...content, editedAt, rev: draft.rev }, projectId);
          const newer = parseDraft({ ...draft.data, editedAt: Date.parse(draft.editedAt), rev: draft.rev });
          if (!newer) return;
          kept.current = JSON.stringify(pick(newer));
          writeDraft(mode, newer, projectId);
          toast.info(t('drafts.newer'));
          onNewerRef.current?.(newer);
        },
        // Offline or refused: the browser's copy stays and the next change tries again.
        () => undefined,
      );
    };
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => send.current(), DRAFT_SAVE_DELAY_MS);
  });

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
