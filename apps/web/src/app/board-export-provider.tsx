import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { loadNamespaces } from '../shared/i18n/i18n.ts';
import {
  BoardExportContext,
  type BoardExportApi,
  type BoardExportTarget,
} from '../shared/ui/board/board-export-context.ts';

// Fetched the first time someone exports a board: pages that never do load none of it.
const BoardExportModal = lazy(async () => {
  const [mod] = await Promise.all([
    import('../features/board/components/board-export-modal.tsx'),
    loadNamespaces(['board', 'errors']),
  ]);
  return { default: mod.BoardExportModal };
});

/** Gives the workspace (and projects) the boards feature's export dialog through `useBoardExport()`. */
export function BoardExportProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<BoardExportTarget | null>(null);
  const api = useMemo<BoardExportApi>(() => ({ exportBoard: (next) => setTarget(next) }), []);
  return (
    <BoardExportContext.Provider value={api}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <BoardExportModal
            open
            images={target.images}
            defaultTitle={target.title}
            defaultSubtitle={target.subtitle}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      )}
    </BoardExportContext.Provider>
  );
}
