import { useState } from 'react';
import { Typography } from 'antd';
import type { Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useFolder } from '../api/get-folder.ts';
import { useFolders } from '../api/list-folders.ts';
import { useImageActions } from '../hooks/use-image-actions.ts';
import { formatBytes, useFormatTime } from '../lib/format.ts';
import { FolderDeleteModal } from './folder-delete-modal.tsx';
import { FolderFormModal } from './folder-form-modal.tsx';
import { FolderList, type FolderAction } from './folder-list.tsx';
import { FolderPickerModal } from './folder-picker-modal.tsx';
import { ImageDrawer } from './image-drawer.tsx';
import { ImageGrid } from './image-grid.tsx';

interface Props {
  /** The folder chosen in the address; the default folder when absent or gone. */
  folderId: string | null;
  onSelect(folderId: string | null): void;
  /** One more action on each folder's menu. */
  folderAction?: FolderAction;
}

/** Folders on the left, the selected folder's images on the right. */
export function FolderPanel({ folderId, onSelect, folderAction }: Props) {
  const { t, i18n } = useTranslation('workspace');
  const formatTime = useFormatTime();
  const folders = useFolders();
  const list = folders.data?.pages.flatMap((p) => p.items) ?? [];
  const defaultFolder = list.find((f) => f.isDefault) ?? list[0];
  const listed = list.find((f) => f.id === folderId);
  // A folder the loaded pages do not hold yet (an older one in the address) is asked for by id.
  const named = useFolder(folders.data && folderId && !listed ? folderId : null);
  const folder = listed ?? named.data ?? (named.isFetching ? undefined : defaultFolder);
  const [form, setForm] = useState<'new' | Folder | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const { actions, picker, drawer, clearSignal } = useImageActions(folder);

  return (
    <div className="ws-body">
      <aside className="ws-folders-pane" aria-label={t('folders.label')}>
        <FolderList
          selectedId={folder?.id ?? null}
          onSelect={(f) => onSelect(f.isDefault ? null : f.id)}
          onCreate={() => setForm('new')}
          onRename={setForm}
          onDelete={setDeleting}
          extraAction={folderAction}
        />
      </aside>
      <section className="ws-images-pane" aria-labelledby={folder ? 'ws-folder-title' : undefined}>
        {folder && (
          <>
            <header className="ws-images-pane__head">
              <Typography.Title
                level={2}
                id="ws-folder-title"
                className="ws-images-pane__title"
                data-testid="folder-title"
              >
                {folder.name}
              </Typography.Title>
              <Typography.Text type="secondary" data-testid="folder-summary">
                {t('images.summary', {
                  count: t('folders.count', { count: folder.fileCount }),
                  size: formatBytes(folder.sizeBytes, i18n.language),
                  time: formatTime(folder.updatedAt),
                })}
              </Typography.Text>
            </header>
            <ImageGrid folder={folder} actions={actions} clearSignal={clearSignal} />
          </>
        )}
      </section>

      <FolderFormModal target={form} onClose={() => setForm(null)} onCreated={(f) => onSelect(f.id)} />
      <FolderDeleteModal
        folder={deleting}
        defaultFolder={defaultFolder}
        onClose={() => setDeleting(null)}
        onDeleted={(f) => f.id === folder?.id && onSelect(null)}
      />
      <FolderPickerModal
        folders={list}
        more={
          folders.hasNextPage ? { loading: folders.isFetchingNextPage, load: () => void folders.fetchNextPage() } : null
        }
        {...picker}
      />
      <ImageDrawer image={drawer.image} actions={actions} onClose={drawer.onClose} />
    </div>
  );
}
