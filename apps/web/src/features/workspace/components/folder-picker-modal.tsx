import { useState } from 'react';
import { Button, Empty, Modal, Radio } from 'antd';
import type { Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format.ts';

export interface PickRequest {
  action: 'move' | 'copy';
  ids: string[];
}

interface Props {
  request: PickRequest | null;
  folders: Folder[];
  /** More folders than those loaded: the picker offers to load the next page. */
  more: { loading: boolean; load(): void } | null;
  /** The folder the images are in: not a destination. */
  currentId: string | null;
  busy: boolean;
  onPick(folderId: string): void;
  onClose(): void;
}

/** Chooses where to move or copy images to. */
export function FolderPickerModal({ request, folders, more, currentId, busy, onPick, onClose }: Props) {
  const { t, i18n } = useTranslation('workspace');
  const targets = folders.filter((f) => f.id !== currentId);
  // A choice holds for the request it was made in; a new request starts from the first folder.
  const [choice, setChoice] = useState<{ request: PickRequest; id: string } | null>(null);
  const chosen = choice && choice.request === request ? choice.id : (targets[0]?.id ?? null);
  const setChosen = (id: string) => request && setChoice({ request, id });

  const move = request?.action === 'move';
  return (
    <Modal
      open={Boolean(request)}
      title={move ? t('picker.moveTitle') : t('picker.copyTitle')}
      okText={move ? t('picker.move') : t('picker.copy')}
      okButtonProps={{ disabled: !chosen }}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => chosen && onPick(chosen)}
      onCancel={onClose}
      destroyOnHidden
    >
      {targets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.none')} />
      ) : (
        <Radio.Group
          aria-label={t('picker.target')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value as string)}
          className="ws-picker"
          data-testid="folder-picker"
          options={targets.map((f) => ({
            value: f.id,
            label: (
              <span className="ws-picker__option">
                <span className="ws-picker__name">{f.name}</span>
                <span className="ws-picker__meta">
                  {t('folders.count', { count: f.fileCount })} · {formatBytes(f.sizeBytes, i18n.language)}
                </span>
              </span>
            ),
          }))}
        />
      )}
      {more && (
        <Button block className="ws-folders__more" loading={more.loading} onClick={more.load} data-testid="picker-more">
          {t('folders.loadMore')}
        </Button>
      )}
    </Modal>
  );
}
