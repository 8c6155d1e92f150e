import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Dropdown, Skeleton, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useFolders } from '../api/list-folders.ts';
import { formatBytes, useFormatShortTime } from '../lib/format.ts';

/** An action another part of the app adds to each folder's menu ("Turn into a project"). */
export interface FolderAction {
  label: string;
  icon: ReactNode;
  run(folder: Folder): void;
}

interface Props {
  selectedId: string | null;
  onSelect(folder: Folder): void;
  onCreate(): void;
  onRename(folder: Folder): void;
  onDelete(folder: Folder): void;
  extraAction?: FolderAction;
}

/**
 * The user's folders with their counts, sizes and last edit; the default one first and marked. The
 * next page loads as the end of the list scrolls into view.
 */
export function FolderList({ selectedId, onSelect, onCreate, onRename, onDelete, extraAction }: Props) {
  const { t, i18n } = useTranslation('workspace');
  const formatTime = useFormatShortTime();
  const folders = useFolders();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = folders;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const head = (
    <div className="ws-folders__head">
      <h2 className="ws-folders__title">{t('folders.label')}</h2>
      <Button icon={<PlusOutlined />} onClick={onCreate} disabled={!folders.data} data-testid="folder-create">
        {t('folders.create')}
      </Button>
    </div>
  );

  if (folders.isPending)
    return (
      <>
        {head}
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </>
    );
  if (folders.isError && !folders.data)
    return (
      <>
        {head}
        <Alert
          type="error"
          showIcon
          title={t('folders.loadFailed')}
          data-testid="folders-error"
          action={
            <Button size="small" onClick={() => void folders.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      </>
    );

  return (
    <>
      {head}
      <ul className="ws-folders" data-testid="folder-list">
        {folders.data.pages
          .flatMap((p) => p.items)
          .map((folder) => {
            const selected = folder.id === selectedId;
            return (
              <li key={folder.id} className={`ws-folder${selected ? ' ws-folder--selected' : ''}`}>
                <button
                  type="button"
                  className="ws-folder__main"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(folder)}
                  data-testid="folder"
                  data-name={folder.name}
                >
                  <span className="ws-folder__cover">
                    {folder.coverUrl ? <img src={folder.coverUrl} alt="" loading="lazy" /> : <FolderOutlined />}
                  </span>
                  <span className="ws-folder__text">
                    <span className="ws-folder__name">
                      <span className="ws-folder__label">{folder.name}</span>
                      {folder.isDefault && (
                        <Tag color="green" variant="outlined" className="ws-folder__default">
                          {t('folders.default')}
                        </Tag>
                      )}
                    </span>
                    <span className="ws-folder__meta" data-testid="folder-meta">
                      {t('folders.count', { count: folder.fileCount })} · {formatBytes(folder.sizeBytes, i18n.language)}
                    </span>
                    <span className="ws-folder__meta">
                      {t('folders.edited', { time: formatTime(folder.updatedAt) })}
                    </span>
                  </span>
                </button>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'rename', icon: <EditOutlined />, label: t('folders.rename') },
                      ...(extraAction ? [{ key: 'extra', icon: extraAction.icon, label: extraAction.label }] : []),
                      {
                        key: 'delete',
                        icon: <DeleteOutlined />,
                        danger: true,
                        disabled: folder.isDefault,
                        label: folder.isDefault ? t('folders.defaultLocked') : t('folders.delete'),
                      },
                    ],
                    onClick: ({ key }) =>
                      key === 'rename'
                        ? onRename(folder)
                        : key === 'extra'
                          ? extraAction?.run(folder)
                          : onDelete(folder),
                  }}
                >
                  <Button
                    type="text"
                    className="ws-folder__more"
                    icon={<MoreOutlined />}
                    aria-label={t('folders.actions', { name: folder.name })}
                    title={t('folders.actions', { name: folder.name })}
                    data-testid="folder-actions"
                  />
                </Dropdown>
              </li>
            );
          })}
      </ul>
      <div ref={sentinel} className="ws-folders__more">
        {folders.isFetchNextPageError && <Alert type="error" showIcon title={t('folders.moreFailed')} />}
        {hasNextPage && (
          <Button block loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="folders-more">
            {isFetchingNextPage ? t('images.loadingMore') : t('folders.loadMore')}
          </Button>
        )}
      </div>
    </>
  );
}
