import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { getServerDraft } from '../api/studio-drafts.ts';
import { fromServer } from '../hooks/use-draft-sync.ts';
import { newerDraft, readDraft, writeDraft, type StudioDraft } from '../lib/studio-draft.ts';
import type { StudioMode } from '../lib/studio-values.ts';
import { StudioPage } from './studio-page.tsx';

/** How long a studio page waits for the server's draft before it opens with this browser's copy. */
const SERVER_DRAFT_WAIT_MS = 1500;

/**
 * Opens a studio page on its newest draft: this browser's copy, or the server's when another browser
 * or computer edited it later. The page is remade (a new key) when a newer draft arrives while it is
 * open, so its form starts from that draft as it would on a fresh visit.
 */
export function StudioDraftGate({ mode, projectId }: { mode: StudioMode; projectId?: string }) {
  const { t } = useTranslation('design');
  const [shown, setShown] = useState<{ draft: StudioDraft | null; version: number } | null>(null);

  useEffect(() => {
    let current = true;
    let opened: StudioDraft | null | undefined;
    const local = readDraft(mode, projectId);
    const open = (draft: StudioDraft | null) => {
      if (!current || opened !== undefined) return;
      opened = draft;
      setShown({ draft, version: 0 });
    };
    const timer = setTimeout(() => open(local), SERVER_DRAFT_WAIT_MS);
    getServerDraft(mode, projectId).then(
      ({ draft }) => {
        const server = draft ? fromServer(draft) : null;
        const chosen = newerDraft(local, server);
        // The local copy learns the server's rev, so its next save is not taken for a conflict.
        const withRev = chosen && server ? { ...chosen, rev: server.rev } : chosen;
        if (withRev && withRev !== local) writeDraft(mode, withRev, projectId);
        if (opened === undefined) return open(withRev);
        // The page opened on this browser's copy while the server was slow: a newer edit made
        // elsewhere replaces it now, as one saved by another tab would.
        if (current && server && chosen === server && (server.editedAt ?? 0) > (opened?.editedAt ?? 0)) {
          toast.info(t('drafts.newer'));
          setShown((s) => ({ draft: server, version: (s?.version ?? 0) + 1 }));
        }
      },
      () => open(local),
    );
    return () => {
      current = false;
      clearTimeout(timer);
      setShown(null);
    };
  }, [mode, projectId, t]);

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
