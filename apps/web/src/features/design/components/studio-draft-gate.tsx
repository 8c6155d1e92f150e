import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import { getServerDraft } from '../api/studio-drafts.ts';
import { newerDraft, parseDraft, readDraft, writeDraft, type StudioDraft } from '../lib/studio-draft.ts';
import type { StudioMode } from '../lib/studio-values.ts';
import { StudioPage } from './studio-page.tsx';

/** How long a studio page waits for the server's draft before it opens with this browser's copy. */
export const SERVER_DRAFT_WAIT_MS = 1500;

/**
 * Opens a studio page on its newest draft: this browser's copy, or the server's when another browser
 * or computer edited it later. The page is remade (a new key) when a newer draft arrives while it is
 * open, so its form starts from that draft as it would on a fresh visit.
 */
export function StudioDraftGate({ mode, projectId }: { mode: StudioMode; projectId?: string }) {
  const [shown, setShown] = useState<{ draft: StudioDraft | null; version: number } | null>(null);

  useEffect(() => {
    let current = true;
    const local = readDraft(mode, projectId);
    const open = (draft: StudioDraft | null) => {
      if (current) setShown((s) => s ?? { draft, version: 0 });
    };
    const timer = setTimeout(() => open(local), SERVER_DRAFT_WAIT_MS);
    getServerDraft(mode, projectId).then(
      ({ draft }) => {
        const server = draft
          ? parseDraft({ ...draft.data, editedAt: Date.parse(draft.editedAt), rev: draft.rev })
          : null;
        const chosen = newerDraft(local, server);
        // The local copy learns the server's rev, so its next save is not taken for a conflict.
        const withRev = chosen && server ? { ...chosen, rev: server.rev } : chosen;
        if (withRev && withRev !== local) writeDraft(mode, withRev, projectId);
        open(withRev);
      },
      () => open(local),
    );
    return () => {
      current = false;
      clearTimeout(timer);
      setShown(null);
    };
  }, [mode, projectId]);

  if (!shown) return <Skeleton active paragraph={{ rows: 8 }} className="studio-draft-gate" />;
  return (
    <StudioPage
      key={`${projectId ?? ''}:${shown.version}`}
      mode={mode}
      projectId={projectId}
      draft={shown.draft}
      onNewerDraft={(draft) => setShown((s) => ({ draft, version: (s?.version ?? 0) + 1 }))}
    />
  );
}
