import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { communityAdminEndpoints } from '@turing/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { toastError } from '../../../../shared/ui/toast-error.ts';
import { useHiddenWorks } from '../../api/list-hidden-works.ts';
import { useRestoreWork } from '../../api/restore-work.ts';
import { useCan } from '../../lib/use-can.ts';
import { HiddenItem } from './hidden-item.tsx';
import { ListState } from './list-state.tsx';
import { ShortcutHelp, type Shortcut } from './shortcut-help.tsx';
import { useListNavigation } from './use-list-navigation.ts';

/** The works operators hid, the latest first, each one restorable. */
export function HiddenWorks() {
  const { t } = useTranslation('admin-moderation');
  const query = useHiddenWorks();
  const restore = useRestoreWork();
  const canAct = useCan(communityAdminEndpoints.restoreWork.roles);
  const inFlight = useRef(false);
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const ids = useMemo(() => entries.map((e) => e.work.id), [entries]);

  const act = (id: string) => {
    const entry = entries.find((e) => e.work.id === id);
    if (!entry || !canAct || inFlight.current) return;
    inFlight.current = true;
    restore.mutate(id, {
      onSuccess: () => toast.success(t('moderation.hidden.restored', { title: entry.work.title })),
      onError: (err) => {
        toastError(err);
        void query.refetch();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const { rootRef, itemProps, keepFocus } = useListNavigation({
    ids,
    actions: canAct ? { r: act } : {},
    onEnd: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  });

  const shortcuts: Shortcut[] = [
    { keys: ['J', '↓', 'K', '↑'], label: t('moderation.shortcuts.move') },
    ...(canAct ? [{ keys: ['R'], label: t('moderation.shortcuts.restore') }] : []),
  ];

  return (
    <div ref={rootRef} tabIndex={-1} className="moderation-list">
      <ShortcutHelp shortcuts={shortcuts} />
      {entries.length > 0 ? (
        <ol className="moderation-list__items" aria-label={t('moderation.hidden.listLabel')}>
          {entries.map((entry) => (
            <li key={entry.work.id}>
              <HiddenItem
                entry={entry}
                nav={itemProps(entry.work.id)}
                onRestore={() => {
                  keepFocus();
                  act(entry.work.id);
                }}
                busy={restore.isPending}
                canAct={canAct}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <ListState query={query} count={entries.length} emptyText={t('moderation.hidden.empty')} />
    </div>
  );
}
