import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Folder, FolderImage } from '@turing/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublish } from '../../../shared/ui/publish/publish-context.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCopyImages } from '../api/copy-images.ts';
import { useDeleteImages } from '../api/delete-images.ts';
import { useMoveImages } from '../api/move-images.ts';
import { workspaceKeys } from '../api/workspace-keys.ts';
import type { PickRequest } from '../components/folder-picker-modal.tsx';
import { describe, type ImageActions } from '../lib/image-actions.ts';
import { baseImageLink, paramsLink } from '../lib/studio-link.ts';

/** The image actions of the workspace page and the dialogs they open. */
export function useImageActions(folder: Folder | undefined) {
  const { t } = useTranslation('workspace');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const publisher = usePublish();
  const move = useMoveImages();
  const copy = useCopyImages();
  const remove = useDeleteImages();
  const [pick, setPick] = useState<PickRequest | null>(null);
  const [details, setDetails] = useState<FolderImage | null>(null);
  // Bumped after a batch went through, so the grid forgets the selection.
  const [done, setDone] = useState(0);
  const finished = () => setDone((n) => n + 1);

  const go = ({ path, state }: ReturnType<typeof baseImageLink>) => navigate(path, { state });

  const actions: Omit<ImageActions, 'preview'> = {
    details: setDetails,
    move: (ids) => setPick({ action: 'move', ids }),
    copy: (ids) => setPick({ action: 'copy', ids }),
    remove(ids) {
      modal.confirm({
        title: t('images.deleteTitle', { count: ids.length }),
        content: t('images.deleteBody'),
        okText: t('images.deleteConfirm'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        async onOk() {
          // A refusal is toasted by the query client; the dialog closes either way.
          const result = await remove.mutateAsync(ids).catch(() => null);
          if (!result) return;
          const { count } = result;
          toast.success(t('images.deleted', { count }));
          setDetails((d) => (d && ids.includes(d.id) ? null : d));
          finished();
        },
      });
    },
    openInStudio: (image) => image.params && go(paramsLink(image.params)),
    asBase: (image) => go(baseImageLink(image)),
    ...(publisher && {
      async publish(image: FolderImage) {
        const workId = await publisher.publish({
          imageId: image.imageId,
          thumbUrl: image.thumbUrl,
          width: image.width,
          height: image.height,
          workId: image.workId,
          suggestedTitle: describe(image, 40),
        });
        if (workId !== null) setDetails((d) => (d?.id === image.id ? { ...d, workId } : d));
        await client.invalidateQueries({ queryKey: workspaceKeys.all });
      },
    }),
  };

  const onPick = async (folderId: string) => {
    if (!pick) return;
    const { action, ids } = pick;
    try {
      if (action === 'move') {
        const { count } = await move.mutateAsync({ ids, folderId });
        toast.success(t('images.moved', { count }));
        setDetails((d) => (d && ids.includes(d.id) ? null : d));
      } else {
        const { count } = await copy.mutateAsync({ ids, folderId });
        toast.success(count ? t('images.copied', { count }) : t('images.copiedNone'));
      }
    } catch {
      return;
    }
    setPick(null);
    finished();
  };

  return {
    actions,
    picker: {
      request: pick,
      currentId: folder?.id ?? null,
      busy: move.isPending || copy.isPending,
      onPick: (id: string) => void onPick(id),
      onClose: () => setPick(null),
    },
    drawer: { image: details, onClose: () => setDetails(null) },
    clearSignal: done,
  };
}
