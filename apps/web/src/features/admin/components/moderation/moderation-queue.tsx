import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { communityAdminEndpoints } from '@turing/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { toastError } from '../../../../shared/ui/toast-error.ts';
import { useDismissReports } from '../../api/dismiss-reports.ts';
import { useHideWork } from '../../api/hide-work.ts';
import { moderationQueueQueryKey, useModerationQueue } from '../../api/list-moderation-queue.ts';
import { useCan } from '../../lib/use-can.ts';
import { ListState } from './list-state.tsx';
import { defaultReason, QueueItem } from './queue-item.tsx';
import { ShortcutHelp, type Shortcut } from './shortcut-help.tsx';
import { useListNavigation } from './use-list-navigation.ts';

/** The reported works, worked through one at a time: hide or dismiss, then on to the next. */
export function ModerationQueue() {
  const { t } = useTranslation('admin-moderation');
  const client = useQueryClient();
  const query = useModerationQueue();
  const hide = useHideWork();
  const dismiss = useDismissReports();
  const canAct = useCan(communityAdminEndpoints.hideWork.roles);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  // One request at a time: a key pressed twice before the answer sends nothing more.
  const inFlight = useRef(false);

  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const ids = useMemo(() => items.map((i) => i.work.id), [items]);
  const busy = hide.isPending || dismiss.isPending;

  const settle = (done: string) => ({
    onSuccess: () => toast.success(done),
    // What failed is likely stale (another moderator handled it): the queue is read again.
    onError: (err: unknown) => {
      toastError(err);
      void client.invalidateQueries({ queryKey: moderationQueueQueryKey });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const act = (id: string, kind: 'hide' | 'dismiss') => {
    const item = items.find((i) => i.work.id === id);
    if (!item || !canAct || inFlight.current) return;
    inFlight.current = true;
    const title = item.work.title;
    if (kind === 'hide') {
      const reason = (reasons[id] ?? '').trim() || defaultReason(item);
      hide.mutate({ id, reason }, settle(t('moderation.queue.hidden', { title })));
    } else {
      dismiss.mutate({ workId: id }, settle(t('moderation.queue.dismissed', { title })));
    }
  };

  const { rootRef, itemProps, keepFocus, focusItem } = useListNavigation({
    ids,
    actions: canAct
      ? {
          h: (id) => act(id, 'hide'),
          d: (id) => act(id, 'dismiss'),
          e: (id) => document.querySelector<HTMLInputElement>(`[data-reason-for="${id}"]`)?.focus(),
        }
      : {},
    onEnd: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  });

  // Everything loaded was handled: the next page comes in by itself.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (ids.length === 0 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [ids.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const shortcuts: Shortcut[] = [
    { keys: ['J', '↓', 'K', '↑'], label: t('moderation.shortcuts.move') },
    ...(canAct
      ? [
          { keys: ['H'], label: t('moderation.shortcuts.hide') },
          { keys: ['D'], label: t('moderation.shortcuts.dismiss') },
          { keys: ['E'], label: t('moderation.shortcuts.reason') },
        ]
      : []),
  ];

  return (
    <div ref={rootRef} tabIndex={-1} className="moderation-list">
      <ShortcutHelp shortcuts={shortcuts} />
      {items.length > 0 ? (
        <ol className="moderation-list__items" aria-label={t('moderation.queue.listLabel')}>
          {items.map((item) => {
            const id = item.work.id;
            return (
              <li key={id}>
                <QueueItem
                  item={item}
                  nav={itemProps(id)}
                  reason={reasons[id] ?? ''}
                  onReason={(text) => setReasons((all) => ({ ...all, [id]: text }))}
                  onHide={() => {
                    keepFocus();
                    act(id, 'hide');
                  }}
                  onDismiss={() => {
                    keepFocus();
                    act(id, 'dismiss');
                  }}
                  onLeaveReason={() => focusItem(id)}
                  busy={busy}
                  canAct={canAct}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      <ListState query={query} count={items.length} emptyText={t('moderation.queue.empty')} />
    </div>
  );
}
