import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { loadNamespaces } from '../shared/i18n/i18n.ts';
import { PublishContext, type PublishApi, type PublishTarget } from '../shared/ui/publish/publish-context.ts';

// Fetched the first time someone publishes: pages that never do load none of it.
const PublishDialog = lazy(async () => {
  const [mod] = await Promise.all([
    import('../features/community/components/publish-dialog.tsx'),
    loadNamespaces(['community', 'errors']),
  ]);
  return { default: mod.PublishDialog };
});

interface Open {
  target: PublishTarget;
  resolve(workId: string | null): void;
}

/** Gives the studio and the workspace the community's publish dialog through `usePublish()`. */
export function PublishProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const api = useMemo<PublishApi>(
    () => ({
      publish: (target) =>
        new Promise((resolve) => {
          setOpen((previous) => {
            previous?.resolve(null);
            return { target, resolve };
          });
        }),
    }),
    [],
  );
  return (
    <PublishContext.Provider value={api}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <PublishDialog
            target={open.target}
            onClose={(workId) => {
              open.resolve(workId);
              setOpen(null);
            }}
          />
        </Suspense>
      )}
    </PublishContext.Provider>
  );
}
