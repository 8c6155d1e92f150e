import { useState } from 'react';
import { Alert, Button, Empty, Image, Skeleton } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { LIMITS, type Folder, type FolderImage } from '@turing/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useBoardExport } from '../../../shared/ui/board/board-export-context.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useImages } from '../api/list-images.ts';
import { useZipDownload } from '../hooks/use-zip-download.ts';
import { describe, type ImageActions } from '../lib/image-actions.ts';
import { BatchBar } from './batch-bar.tsx';
import { ImageCard } from './image-card.tsx';

const MB = 1024 * 1024;

interface Props {
  folder: Folder;
  actions: Omit<ImageActions, 'preview'>;
  /** Bumped by the page after a batch action went through, to clear the selection. */
  clearSignal: number;
}

/** The images of a folder: a grid loaded page by page, a full-size viewer and a selection. */
export function ImageGrid({ folder, actions, clearSignal }: Props) {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const images = useImages(folder.id);
  // A selection belongs to one folder and lasts until a batch action goes through.
  const scope = `${folder.id}:${clearSignal}`;
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({ scope, ids: new Set() });
  const selected = selection.scope === scope ? selection.ids : new Set<string>();
  const setSelected = (next: Set<string> | ((s: Set<string>) => Set<string>)) =>
    setSelection((cur) => {
      const base = cur.scope === scope ? cur.ids : new Set<string>();
      return { scope, ids: typeof next === 'function' ? next(base) : next };
    });
  const [viewing, setViewing] = useState<number | null>(null);
  const zip = useZipDownload();
  const boards = useBoardExport();

  if (images.isPending)
    return (
      <ul className="ws-grid" aria-hidden>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="ws-grid__skeleton">
            <Skeleton.Node active className="ws-grid__skeleton-node">
              <span />
            </Skeleton.Node>
          </li>
        ))}
      </ul>
    );
  if (images.isError && !images.isFetchNextPageError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('images.loadFailed')}
        description={images.error.message}
        action={<Button onClick={() => void images.refetch()}>{t('retry')}</Button>}
      />
    );

  const items = images.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <Empty
        className="ws-empty"
        description={
          <>
            <strong className="ws-empty__title">{t('images.empty')}</strong>
            <span className="ws-empty__hint">
              {folder.isDefault ? t('images.emptyDefault') : t('images.emptyOther')}
            </span>
          </>
        }
      >
        <Button type="primary" icon={<ExperimentOutlined />} onClick={() => navigate(PATHS.textGenerate)}>
          {t('toStudio')}
        </Button>
      </Empty>
    );

  const ids = [...selected].filter((id) => items.some((i) => i.id === id));
  // Batches are capped by the server; more than the cap is refused before anything changes.
  const batch = (run: (ids: string[]) => void) => () =>
    ids.length > LIMITS.workspaceBatchMax
      ? toast.warning(t('batch.tooMany', { max: LIMITS.workspaceBatchMax }))
      : run(ids);
  // The server refuses a ZIP over the limit too; saying so here spares the round trip.
  const zipSelected = batch((chosen) => {
    const bytes = items.filter((i) => chosen.includes(i.id)).reduce((sum, i) => sum + i.bytes, 0);
    if (bytes > LIMITS.zipMaxBytes)
      toast.warning(
        t('zip.tooLarge', {
          count: chosen.length,
          mb: Math.ceil(bytes / MB),
          max: Math.floor(LIMITS.zipMaxBytes / MB),
        }),
      );
    else void zip.start(chosen);
  });
  // The folder's name is the board's proposed title (the default folder's names no project).
  const boardSelected = (chosen: string[]) =>
    boards?.exportBoard({
      title: folder.isDefault ? '' : folder.name,
      images: items
        .filter((i) => chosen.includes(i.id))
        .map((i) => ({ imageId: i.imageId, thumbUrl: i.thumbUrl, caption: describe(i, 140) })),
    });
  const toggle = (image: FolderImage, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(image.id);
      else next.delete(image.id);
      return next;
    });

  return (
    <>
      <BatchBar
        total={items.length}
        selected={ids.length}
        onSelectAll={(all) => setSelected(all ? new Set(items.map((i) => i.id)) : new Set())}
        onMove={batch(actions.move)}
        onCopy={batch(actions.copy)}
        onDelete={batch(actions.remove)}
        onClear={() => setSelected(new Set())}
        onZip={zipSelected}
        onBoard={boards ? () => boardSelected(ids) : undefined}
        onZipCancel={zip.cancel}
        zip={zip.state}
      />
      <ul className="ws-grid" data-testid="image-grid">
        {items.map((image, index) => (
          <ImageCard
            key={image.id}
            image={image}
            selected={selected.has(image.id)}
            onToggle={(on) => toggle(image, on)}
            actions={{ ...actions, preview: () => setViewing(index) }}
          />
        ))}
      </ul>
      <Image.PreviewGroup
        classNames={{ popup: { mask: 'ws-preview-mask' } }}
        items={items.map((i) => ({ src: i.url, alt: describe(i) || t('images.open') }))}
        preview={{
          open: viewing !== null,
          current: viewing ?? 0,
          onOpenChange: (open) => !open && setViewing(null),
          onChange: (current) => setViewing(current),
        }}
      />
      {images.isFetchNextPageError && (
        <Alert type="error" showIcon title={t('images.moreFailed')} description={images.error.message} />
      )}
      {images.hasNextPage && (
        <Button
          block
          className="ws-more"
          loading={images.isFetchingNextPage}
          onClick={() => void images.fetchNextPage()}
          data-testid="images-more"
        >
          {images.isFetchingNextPage ? t('images.loadingMore') : t('images.loadMore')}
        </Button>
      )}
    </>
  );
}
